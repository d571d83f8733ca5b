import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from "../contract/identity.ts";

/** zxcvbn scores 0–4; 3 and up resists an offline attack on a slow hash for a long while. */
const MIN_STRENGTH_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

// The dictionaries take ~200 ms and several MB to load, so only a process that checks a password pays for them.
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/**
 * The rules for a password a user chooses (invitations, changes); undefined when it passes,
 * else the English message to show. Not for signing in: existing passwords keep working.
 */
export async function checkPasswordPolicy(
  password: string,
  /** What the user is known by (email, names): a password made of them is easy to guess for whoever knows them. */
  userInputs: string[] = [],
): Promise<string | undefined> {
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)]).filter((part) => part.length >= 3);
  const { score } = (await strengthEstimator()).check(password, inputs);
  return score < MIN_STRENGTH_SCORE ? passwordMessages.tooGuessable : undefined;
}
