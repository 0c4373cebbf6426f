/** A rule's expression that cannot be read or run (a bad math text, an unknown reducer): the rule's Error, in its author's terms. */
export class ExpressionError extends Error {}
