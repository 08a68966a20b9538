import { Link, useRouteLoaderData } from "react-router";
import { BookingButton } from "~/composition/booking-call";
import type { Route } from "./+types/home";
import { ContactSection } from "~/features/site-content/contact-section";
import { JsonLd } from "~/ui/json-ld";
import type { LiveHandle } from "~/ui/live-updates";
import { PlainText } from "~/ui/plain-text";
import { Portrait } from "~/ui/responsive-image";
import { AllRecipesLink, RecipeSlideshow } from "~/features/photos/recipe-slideshow";
import { ReviewCard } from "~/features/reviews/review-card";
import { HomeFaq } from "~/features/faq/home-faq";
import { FAQ_PATH, questionAnchor } from "~/features/faq/faq-paths";
import { HOME_FAQ_COUNT } from "~/features/faq/messages";
import { ServicesGrid } from "~/features/site-content/services-grid";
import { Stylesheet } from "~/ui/stylesheet";
import { groupOpeningHours, type HoursGroup } from "~/features/site-content/hours";
import { citiesOf, pageMeta } from "~/features/site-content/meta";
import { practiceJsonLd } from "~/features/site-content/practice-json-ld.server";
import { toRecipePhotoView } from "~/features/photos/recipe-photos.server";
import { toReviewView } from "~/features/reviews/review-view.server";
import type { RecipePhotoView } from "~/features/photos/recipe-photo-view";
import type { ReviewView } from "~/features/reviews/review-view";
import type { loader as rootLoader } from "~/root";
import { servicesContext } from "~/context";
import type { AppServices } from "~/services.server";
import type { SiteContent } from "~/features/site-content/site-content";
import homeStyles from "~/styles/home.css?url";

/** Home shows the three newest reviews. */
export const HOME_REVIEW_COUNT = 3;

export const handle: LiveHandle = { liveTables: ["recipe_photos", "recipes", "reviews", "faq"] };

export const meta: Route.MetaFunction = (args) => {
  const content = args.matches[0]?.loaderData.content;
  const cities = content ? citiesOf(content) : "";
  const services = content?.services.map((s) => s.title.toLowerCase()).join(", ") ?? "";
  return pageMeta(
    args,
    `${content?.practitioner.title ?? "Nutrizionista"} a ${cities}`,
    `${content?.practitioner.name ?? ""}, ${content?.practitioner.title ?? ""} a ${cities}: ${services}. Orari, studi e contatti.`,
  );
};

export async function loader({ context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const practitionerName = content.practitioner.name;
  // A failed read shows the section's empty state; the rest of the page still works.
  const [photos, reviews, onlineHours, faq, recipesPublished] = await Promise.all([
    Promise.all([s.photos.list(), s.recipes.publishedSlugsByPhoto()])
      .then(([rows, slugs]): RecipePhotoView[] => rows.map((row) => toRecipePhotoView(s.media, row, slugs.get(row.id))))
      .catch((error: unknown) => {
        s.logger.error({ err: error }, "home: reading recipe photos failed");
        return [];
      }),
    // Switched off: none read, none shown.
    !content.reviews.shown
      ? []
      : s.reviews
          .newest(HOME_REVIEW_COUNT)
          .then((rows): ReviewView[] => rows.map((row) => toReviewView(s.media, row, practitionerName)))
          .catch((error: unknown) => {
            s.logger.error({ err: error }, "home: reading reviews failed");
            return [];
          }),
    onlineVisitHours(s, content),
    // The questions she shows on the home page, their links built here.
    s.faq
      .homeQuestions(HOME_FAQ_COUNT)
      .then((rows) => rows.map((q) => ({ href: `${FAQ_PATH}#${questionAnchor(q.id)}`, question: q.question })))
      .catch((error: unknown) => {
        s.logger.error({ err: error }, "home: reading the FAQ failed");
        return [];
      }),
    // The way to the recipes, with or without photos in the slideshow.
    s.recipes
      .listPublishedPaths()
      .then((paths) => paths.length > 0)
      .catch((error: unknown) => {
        s.logger.error({ err: error }, "home: reading the recipes failed");
        return false;
      }),
  ]);
  return {
    photos,
    reviews,
    // Built here, sent as data: the page's script needs none of the code that builds them.
    practiceJsonLd: practiceJsonLd(content, s.config.siteUrl),
    studioHours: content.studios.map((studio) => groupOpeningHours(studio.hours)),
    onlineHours,
    contactBySite: s.mailer.enabled,
    faq,
    faqHref: FAQ_PATH,
    recipesPublished,
  };
}

/**
 * The online visits' week, grouped, when a patient can book one on the site (booking on, a visit type
 * offered online); null otherwise, and when reading fails (the contact section then shows the studios).
 */
async function onlineVisitHours(s: AppServices, content: SiteContent): Promise<HoursGroup[] | null> {
  try {
    const [{ mode }, offered] = await Promise.all([s.bookingSettings.get(), s.visitTypes.listOffered(null)]);
    return mode === "site" && offered.length > 0 ? groupOpeningHours(content.onlineHours) : null;
  } catch (error) {
    s.logger.error({ err: error }, "home: reading the online visits failed");
    return null;
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root")!;
  const { content } = root;
  const { practitioner, stats, texts, portrait } = content;
  const { photos, reviews } = loaderData;
  const cities = citiesOf(content);

  return (
    <div className="home">
      <Stylesheet href={homeStyles} />
      <JsonLd data={loaderData.practiceJsonLd} />

      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__text">
            {/* One text node: separate ones would each move when the web fonts change the widths before them. */}
            <p className="eyebrow">{`${practitioner.title} · ${cities}`}</p>
            <h1 id="hero-title" className="hero__title">
              {texts.heroTitle}
            </h1>
            <p className="hero__lead">{texts.heroIntro}</p>
            <div className="hero__actions">
              <BookingButton external={(links) => links.booking}>Prenota una visita</BookingButton>
              <Link className="button button--secondary" to="/services">
                Scopri i servizi
              </Link>
            </div>
            {/* A figure she left empty is not shown: no count she has not given. */}
            {stats.patients ? (
              <p className="stat">
                <span className="stat__value">{stats.patients}</span>
                <span className="stat__label">pazienti soddisfatti</span>
              </p>
            ) : null}
          </div>
          <div className="hero__art">
            <img src="/images/erbe.svg" alt="" width={480} height={420} fetchPriority="low" />
          </div>
        </div>
      </section>

      <section id="chi-sono" className="section about" aria-labelledby="chi-sono-title" tabIndex={-1}>
        <div className="section__inner about__inner">
          <div className="about__media">
            <Portrait
              className="about__portrait"
              image={portrait.image}
              focusX={portrait.focusX}
              focusY={portrait.focusY}
              name={practitioner.name}
            />
            {stats.yearsOfExperience ? (
              <p className="stat stat--badge">
                <span className="stat__value">{stats.yearsOfExperience}</span>
                <span className="stat__label">anni di esperienza</span>
              </p>
            ) : null}
          </div>
          <div className="about__text">
            <p className="eyebrow">Chi sono</p>
            <h2 id="chi-sono-title">{`${practitioner.name}, ${practitioner.title}`}</h2>
            <PlainText text={texts.about} />
            <ol className="steps" aria-label="Come si svolge il percorso">
              <li>
                <strong>Prima visita</strong> Anamnesi, abitudini alimentari, misure e obiettivi.
              </li>
              <li>
                <strong>Piano alimentare</strong> Un piano personalizzato con indicazioni pratiche per la spesa e i
                pasti.
              </li>
              <li>
                <strong>Controlli</strong> Incontri periodici per valutare l'andamento e adattare il piano.
              </li>
            </ol>
          </div>
        </div>
      </section>

      <section id="servizi" className="section section--tinted" aria-labelledby="servizi-title" tabIndex={-1}>
        <div className="section__inner">
          <ServicesGrid services={content.services} titleBlock titleId="servizi-title" />
          <p className="section__more">
            <Link to="/services" className="arrow-link">
              Tutti i dettagli sui servizi
            </Link>
          </p>
        </div>
      </section>

      <section id="ricette" className="section" aria-labelledby="ricette-title" tabIndex={-1}>
        <div className="section__inner">
          <header className="section-heading">
            <h2 id="ricette-title">Le mie ricette</h2>
            <p className="section-heading__lead">Idee per pasti equilibrati e semplici da preparare.</p>
          </header>
          <RecipeSlideshow photos={photos} label="Le mie ricette" />
          {loaderData.recipesPublished ? <AllRecipesLink /> : null}
        </div>
      </section>

      {content.reviews.shown ? (
        <section id="recensioni" className="section section--tinted" aria-labelledby="recensioni-title" tabIndex={-1}>
          <div className="section__inner">
            <header className="section-heading">
              <h2 id="recensioni-title">Recensioni</h2>
              <p className="section-heading__lead">Le esperienze più recenti dei pazienti.</p>
            </header>
            {reviews.length ? (
              <ul className="home-reviews">
                {reviews.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} headingLevel={3} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-state">Nessuna recensione disponibile. Sii il primo a lasciare una recensione!</p>
            )}
            <p className="section__more">
              <Link to="/reviews" className="arrow-link">
                Leggi tutte le recensioni
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      {loaderData.faq.length ? <HomeFaq questions={loaderData.faq} allHref={loaderData.faqHref} /> : null}

      <section id="contatti" className="section" aria-labelledby="contatti-title" tabIndex={-1}>
        <div className="section__inner">
          <ContactSection
            content={content}
            studioHours={loaderData.studioHours}
            onlineHours={loaderData.onlineHours}
            headingId="contatti-title"
            bySite={loaderData.contactBySite}
          />
        </div>
      </section>
    </div>
  );
}
