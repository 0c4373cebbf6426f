import path from 'node:path';

/** One thing wrong in one provisioning file; the rest of the files (and of that file) still apply. */
export interface Problem {
  file: string;
  /** 1-based; 0 when the problem is the file as a whole. */
  line: number;
  reason: string;
}

/** What applying the files of one kind (data sources, a dashboard provider) did. */
export interface ApplySummary {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  problems: Problem[];
}

/** `file:line: reason`, as logged. */
export const describeProblem = (problem: Problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.reason}`;

/** A problem as the reload endpoints answer it: the file relative to the provisioning dir (absolute when outside it). */
export interface AnsweredProblem {
  file: string;
  line: number;
  message: string;
}

export function answeredProblem(problem: Problem, provisioningDir: string): AnsweredProblem {
  const relative = path.relative(path.resolve(provisioningDir), problem.file);
  const inside = relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
  return { file: inside ? relative.split(path.sep).join('/') : problem.file, line: problem.line, message: problem.reason };
}

/** `datasources/a.yaml:3: reason; dashboards/b.yaml: reason` */
export const describeAnswered = (problems: AnsweredProblem[]) =>
  problems.map((problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`).join('; ');
