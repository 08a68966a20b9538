// What `npm run update` does, step by step, over the operations it is given (scripts/update.ts gives
// the real ones): backup, new commit, install, build, restart, check; on any failure, back to the old
// commit and its install, the backup restored when the database moved, the site restarted and
// checked. A journal written between the steps lets the next run finish or undo an update killed
// half-way (decision 75).
import { type Journal, type Phase, PHASES } from "./journal.ts";

export interface UpdateOperations {
  head(): string;
  /** Local changes to tracked files: an update would mix them in (or throw them away going back). */
  dirty(): boolean;
  /** Fetches and names the commit to update to: the tip of the tracked branch, or `ref`. */
  fetchTarget(ref: string | undefined): string;
  checkout(commit: string): void;
  /** Keeps the running build aside, to put it back when going back. */
  keepBuild(): void;
  restoreKeptBuild(): boolean;
  dropKeptBuild(): void;
  install(): void;
  build(): void;
  backup(): Promise<string>;
  /** A fingerprint of the migrations applied to the database. */
  migrations(): Promise<string>;
  restore(file: string): Promise<void>;
  /** Whether the site runs (and so is restarted and checked). */
  siteRuns(): boolean;
  /** Restarts the site on the checkout's code; resolves with an Italian reason when it did not come up on `commit`. */
  restartAndCheck(commit: string, options?: { stopped?: boolean }): Promise<string | null>;
  stopSite(): void;
  /** /readyz reports `commit` now. */
  answersWith(commit: string): Promise<boolean>;
  journal: { read(): Journal | null; write(journal: Journal): void; finish(outcome: Outcome): void };
  killPoint(phase: Phase): void;
  log(line: string): void;
}

export interface Outcome {
  outcome: "updated" | "rolled-back" | "failed";
  from: string;
  to: string;
  finishedAt: string;
  message: string;
}

export class UpdateFailed extends Error {}

const short = (commit: string) => commit.slice(0, 12);
const reached = (journal: Journal, phase: Phase) => PHASES.indexOf(journal.phase) >= PHASES.indexOf(phase);

function outcome(kind: Outcome["outcome"], journal: Journal, message: string): Outcome {
  return {
    outcome: kind,
    from: journal.oldCommit,
    to: journal.targetCommit,
    finishedAt: new Date().toISOString(),
    message,
  };
}

/**
 * Back to the old commit: its code, its install and build, the backup restored when the database's
 * migrations moved since it was taken (the only way to undo them), the site restarted and checked.
 * Returns the Italian paragraph; throws UpdateFailed with one when going back failed too.
 */
async function rollBack(ops: UpdateOperations, journal: Journal, what: string): Promise<string> {
  ops.log(`Ritorno alla versione precedente (${short(journal.oldCommit)})…`);
  try {
    let restored = false;
    // Killed between the checkout and its journal entry, the checkout moved all the same.
    const moved = reached(journal, "checked-out") || ops.head() !== journal.oldCommit;
    if (moved) {
      ops.checkout(journal.oldCommit);
      ops.install();
      if (!ops.restoreKeptBuild()) ops.build();
    }
    let stopped = false;
    if (journal.backup && journal.migrations !== undefined && (await ops.migrations()) !== journal.migrations) {
      ops.log("Le migrazioni del database sono cambiate: ripristino il backup…");
      ops.stopSite();
      stopped = true;
      await ops.restore(journal.backup);
      restored = true;
    }
    if ((moved || stopped) && ops.siteRuns()) {
      const problem = await ops.restartAndCheck(journal.oldCommit, { stopped });
      if (problem) throw new Error(`il sito non è ripartito sulla versione precedente: ${problem}`);
    }
    ops.dropKeptBuild();
    const data = restored
      ? `il database e i file multimediali sono stati ripristinati dal backup fatto all'inizio (${journal.backup})`
      : "il database non era stato modificato dalla nuova versione, quindi è rimasto com'era";
    return (
      `Aggiornamento non riuscito: ${what}. Il sito è tornato alla versione precedente (${short(journal.oldCommit)}) ` +
      `e funziona come prima; ${data}. Non è andato perso nulla` +
      (journal.backup ? `, e il backup resta comunque in ${journal.backup}.` : ".")
    );
  } catch (error) {
    throw new UpdateFailed(
      `Aggiornamento non riuscito: ${what}. Anche il ritorno alla versione precedente non è riuscito: ` +
        `${(error as Error).message}. ` +
        (journal.backup
          ? `I dati di prima sono nel backup ${journal.backup}: con git checkout ${short(journal.oldCommit)}, npm ci, ` +
            `npm run build e npm run restore -- ${journal.backup} --replace (a sito fermo) tornano com'erano.`
          : "Il database non era ancora stato toccato."),
    );
  }
}

/** An update found half-done (the previous run was killed): finished when the site already runs it, else undone. */
export async function resumeUpdate(ops: UpdateOperations, journal: Journal): Promise<Outcome> {
  ops.log(
    `Trovato un aggiornamento interrotto (${short(journal.oldCommit)} → ${short(journal.targetCommit)}, ` +
      `fase "${journal.phase}").`,
  );
  if (journal.phase === "restarted" && (await ops.answersWith(journal.targetCommit))) {
    ops.dropKeptBuild();
    const done = outcome(
      "updated",
      journal,
      `L'aggiornamento interrotto è stato completato: il sito funziona sulla versione ${short(journal.targetCommit)}.`,
    );
    ops.journal.finish(done);
    return done;
  }
  try {
    const message = await rollBack(ops, journal, "l'aggiornamento precedente si era interrotto a metà");
    const undone = outcome("rolled-back", journal, message);
    ops.journal.finish(undone);
    return undone;
  } catch (error) {
    if (error instanceof UpdateFailed) ops.journal.finish(outcome("failed", journal, error.message));
    throw error;
  }
}

/** One update; resolves with its outcome ("updated" also when there was nothing new), throws UpdateFailed. */
export async function runUpdate(ops: UpdateOperations, ref: string | undefined): Promise<Outcome> {
  if (ops.dirty()) {
    throw new UpdateFailed(
      "Aggiornamento non iniziato: ci sono modifiche locali ai file del sito (git status le mostra). " +
        "Salvale o annullale, poi riprova. Nulla è stato cambiato.",
    );
  }
  const oldCommit = ops.head();
  let targetCommit: string;
  try {
    targetCommit = ops.fetchTarget(ref);
  } catch (error) {
    throw new UpdateFailed(
      `Aggiornamento non iniziato: non è stato possibile scaricare la nuova versione (${(error as Error).message}). ` +
        "Il sito continua a funzionare com'era; nulla è stato cambiato.",
    );
  }
  const journal: Journal = { phase: "started", oldCommit, targetCommit, startedAt: new Date().toISOString() };
  if (targetCommit === oldCommit) {
    return outcome("updated", journal, `Il sito è già alla versione ${short(oldCommit)}: niente da aggiornare.`);
  }
  const step = (phase: Phase) => {
    journal.phase = phase;
    ops.journal.write(journal);
    ops.killPoint(phase);
  };
  ops.journal.write(journal);
  let what = "il backup iniziale non è riuscito";
  try {
    ops.log("Backup del database e dei file multimediali…");
    journal.migrations = await ops.migrations();
    journal.backup = await ops.backup();
    step("backed-up");
    what = "il passaggio alla nuova versione del codice non è riuscito";
    ops.keepBuild();
    ops.checkout(targetCommit);
    step("checked-out");
    what = "l'installazione delle dipendenze (npm ci) non è riuscita";
    ops.install();
    step("installed");
    what = "la compilazione della nuova versione non è riuscita";
    ops.build();
    step("built");
    if (ops.siteRuns()) {
      ops.log("Riavvio del sito sulla nuova versione…");
      what = "il riavvio del sito non è riuscito";
      const problem = await ops.restartAndCheck(targetCommit);
      step("restarted");
      if (problem) {
        what = `la nuova versione non è partita (${problem})`;
        throw new Error(what);
      }
    } else {
      ops.log("Il sito non è in esecuzione: resta aggiornato, partirà con la nuova versione.");
    }
  } catch (error) {
    ops.log(`Errore: ${(error as Error).message}`);
    if (journal.phase === "started") {
      // Nothing changed yet: only the failed backup to report.
      const message = `Aggiornamento non iniziato: ${what} (${(error as Error).message}). Il sito continua a funzionare com'era; nulla è stato cambiato.`;
      ops.journal.finish(outcome("failed", journal, message));
      throw new UpdateFailed(message);
    }
    let message: string;
    try {
      message = await rollBack(ops, journal, what);
    } catch (failure) {
      if (failure instanceof UpdateFailed) ops.journal.finish(outcome("failed", journal, failure.message));
      throw failure;
    }
    ops.journal.finish(outcome("rolled-back", journal, message));
    throw new UpdateFailed(message);
  }
  ops.dropKeptBuild();
  const done = outcome(
    "updated",
    journal,
    `Aggiornamento completato: il sito è passato dalla versione ${short(oldCommit)} alla ${short(targetCommit)}; ` +
      `il backup fatto prima è in ${journal.backup}.`,
  );
  ops.journal.finish(done);
  return done;
}
