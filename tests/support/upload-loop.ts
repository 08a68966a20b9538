// Child process for the crash test: uploads recipe photos through the real pipeline, one
// after another, from a line on its standard input until it is killed. Prints "written" once an upload's files are stored
// and before its row is inserted, so the parent can kill it in that window (or just after).
import "../../scripts/lib/load-app-modules.ts";
import sharp from "sharp";

const { openDatabase } = await import("~/core/db/database.server");
const { storeImage, largestUrl } = await import("~/core/media/image-pipeline.server");
const { createLocalMediaStorage } = await import("~/core/media/media-storage.server");
const { trackMediaWrites } = await import("~/core/media/orphan-sweep.server");
const { createRecipePhotoRepository } = await import("~/features/photos/recipe-photos.server");

const [databaseUrl, mediaDir] = process.argv.slice(2);
const database = await openDatabase({ url: databaseUrl! });
const media = trackMediaWrites(createLocalMediaStorage(mediaDir!), database.db);
const photos = createRecipePhotoRepository(database.db);
const input = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 140, b: 60 } } })
  .jpeg()
  .toBuffer();

process.stdout.write("ready\n");
// Started ahead of its turn, while the one before it runs: it uploads once a line comes on its
// standard input, and leaves if that closes first (the test ended).
const go = await new Promise<boolean>((resolve) => {
  process.stdin.once("data", () => resolve(true));
  process.stdin.once("end", () => resolve(false));
});
if (!go) process.exit(0);
for (let i = 0; ; i++) {
  const image = await storeImage(media, "recipe-photos", input);
  process.stdout.write("written\n");
  await photos.add({ title: `Foto ${i}`, imageUrl: largestUrl(media, image), image });
}
