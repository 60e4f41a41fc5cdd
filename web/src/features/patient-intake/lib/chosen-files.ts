import type { SelectedFile } from '@web/components/uploads/SelectedFileList';
import { toast } from '@web/hooks/use-toast';
import type { FileProblem } from '@web/lib/uploads/file-rules';
import { medicalFileLabel } from './outcome';

/** A file the patient picked, with when it was added (its `timestamp-filename` label). */
export interface ChosenFile extends SelectedFile {
  addedAt: number;
}

let sequence = 0;

export function chooseFiles(files: readonly File[], now = Date.now()): ChosenFile[] {
  return files.map((file) => ({ id: `chosen-${(sequence += 1)}`, file, addedAt: now }));
}

export function labelsOf(files: readonly ChosenFile[]): string[] {
  return files.map(({ file, addedAt }) => medicalFileLabel(file, addedAt));
}

/** One toast per refusal; the toast store shows the last one. */
export function announceProblems(problems: readonly FileProblem[]): void {
  for (const problem of problems) toast({ variant: 'destructive', ...problem });
}
