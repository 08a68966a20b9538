import type { ActionResult } from "./action-result";

/** What counts a public form's refusals: the rate limiter's budget of refused posts per address (decision 47). */
export interface RefusalBudget {
  /** Counts one refused post from the address; false once its budget is spent. */
  countRefusal(clientIp: string): Promise<boolean>;
}

/**
 * The one path of a public form's refusal (its schema's, a body too large or unreadable, a
 * feature's "invalid"): counted once against the address's budget, then answered as given; past the
 * budget, the form's own 429 instead, so a flood of refused posts is stopped.
 */
export async function publicRefusal<Refused extends ActionResult, Limited extends ActionResult>(
  budget: RefusalBudget,
  clientIp: string,
  refusal: { answer: Refused; status: number },
  rateLimited: { answer: Limited; status: number },
): Promise<{ answer: Refused | Limited; status: number }> {
  return (await budget.countRefusal(clientIp)) ? refusal : rateLimited;
}
