/** One line of the site's status: what was checked, how it went, and what to change where when it failed. */
export interface Check {
  key: string;
  title: string;
  state: "ok" | "warning" | "failed";
  /** What was found, in Italian. */
  detail: string;
  /** What to change, and where (set whenever the state is not ok). */
  fix?: string;
}

export const passed = (key: string, title: string, detail: string): Check => ({ key, title, state: "ok", detail });

export const failed = (key: string, title: string, detail: string, fix: string): Check => ({
  key,
  title,
  state: "failed",
  detail,
  fix,
});

export const warned = (key: string, title: string, detail: string, fix: string): Check => ({
  key,
  title,
  state: "warning",
  detail,
  fix,
});

/**
 * `work` within `ms`, or the check `late` gives: no check may hold the screen (or the command) longer
 * than its bound, whatever the network does.
 */
export async function bounded<T>(ms: number, work: Promise<T>, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where her settings are changed, said in a fix: the service's file, or the site's environment. */
export interface SettingsPlace {
  /** e.g. "nel file /etc/studio-nutrizione/env (poi: systemctl restart studio-nutrizione)". */
  where: string;
}
