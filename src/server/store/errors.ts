/**
 * Why the store refused, in the store's terms and never as HTTP: the server turns each kind into its
 * answer in one place (`httpError` in `server/errors.ts`). Where one input is at fault, `field`
 * names it as the contract's request does (`name`, `uid`, `dashboard.uid`).
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'conflict' | 'invalid' | 'version-mismatch';

  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The write clashes with what is stored: a name or uid another item has, or an update someone else made first. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/**
 * The input cannot be taken as it is: it breaks a rule of the data (the last admin cannot go), or
 * repeats what exists where Grafana calls that bad input, not a conflict (a service account's taken
 * name, a team member added twice).
 */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
}

/** The item changed since the caller read it (its version moved on); nothing was written. */
export class VersionMismatchError extends DomainError {
  readonly kind = 'version-mismatch';
}
