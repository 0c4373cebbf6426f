/** Where in a rule's `data` a problem is: the query's index and the field at fault (`model.expression`). */
export interface ExpressionProblemAt {
  index: number;
  field: string;
}

/** A rule's expression that cannot be read or run (a bad math text, an unknown reducer): the rule's Error, in its author's terms. */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly at?: ExpressionProblemAt,
  ) {
    super(message);
  }
}
