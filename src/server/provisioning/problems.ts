/** One thing wrong in one provisioning file; the rest of the files (and of that file) still apply. */
export interface Problem {
  file: string;
  /** 1-based; 0 when the problem is the file as a whole. */
  line: number;
  reason: string;
}

/** `file:line: reason`, as logged and as the reload endpoints list it. */
export const describeProblem = (problem: Problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.reason}`;
