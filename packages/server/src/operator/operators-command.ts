import type { Kysely } from 'kysely';
import { grantOperator, listOperators, revokeOperator } from '../accounts';
import type { Database } from '../db/schema';
import { isFailure } from '../failures';

/** `npm run platform -- operators …`: who may use {PLATFORM_DOMAIN}/operator. Only the shell grants the role. */
export const OPERATORS_USAGE = 'operators add EMAIL | remove EMAIL | list';
export const OPERATORS_ACTIONS: readonly string[] = ['add', 'remove', 'list'];

/** Answers the exit code: 0 done, 1 refused (with the reason), 2 bad arguments. */
export async function runOperatorsCommand(db: Kysely<Database>, args: readonly string[], out: { say(line: string): void; fail(line: string): void }): Promise<number> {
  const [action, email, ...rest] = args;
  if (rest.length > 0 || (action === 'list' ? email !== undefined : !email)) {
    out.fail(`usage:\n  npm run platform -- ${OPERATORS_USAGE}`);
    return 2;
  }
  try {
    switch (action) {
      case 'add':
        out.say((await grantOperator(db, email!)) ? `${email!.trim().toLowerCase()} is now a platform operator.` : `${email!.trim().toLowerCase()} is already a platform operator.`);
        return 0;
      case 'remove':
        out.say((await revokeOperator(db, email!)) ? `${email!.trim().toLowerCase()} is no longer a platform operator.` : `${email!.trim().toLowerCase()} was not a platform operator.`);
        return 0;
      case 'list': {
        const operators = await listOperators(db);
        for (const operator of operators) out.say(`${operator.email.padEnd(40)} since ${operator.operatorSince.toISOString().slice(0, 10)}`);
        out.say(`${operators.length} operator${operators.length === 1 ? '' : 's'}`);
        return 0;
      }
      default:
        out.fail(`usage:\n  npm run platform -- ${OPERATORS_USAGE}`);
        return 2;
    }
  } catch (error) {
    if (!isFailure(error)) throw error;
    out.fail(error.message);
    return 1;
  }
}
