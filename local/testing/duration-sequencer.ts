import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { balancedPart, expectedSeconds, longestFirst, readTestDurations } from './test-durations';

/**
 * Vitest's sequencer with the recorded durations (local/testing/test-durations.ts): each
 * project's files run longest first, so two workers do not end on one long file while the
 * other is idle, and `--shard` splits the files into parts of about equal expected time rather
 * than by a hash of their paths. Projects keep Vitest's order: by `sequence.groupOrder`, then
 * by name.
 */
export class DurationSequencer extends BaseSequencer {
  private readonly durations = readTestDurations(this.ctx.config.root);

  private relative(spec: TestSpecification): string {
    return path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/');
  }

  /** The project's specifications with each one's expected seconds, keyed by relative path. */
  private expected(specs: TestSpecification[]) {
    const byFile = new Map(specs.map((spec) => [this.relative(spec), spec]));
    const projectName = specs[0]?.project.name ?? '';
    return {
      byFile,
      seconds: expectedSeconds([...byFile.keys()], this.durations[projectName]),
    };
  }

  private static byProject(specs: TestSpecification[]): TestSpecification[][] {
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of specs) {
      const group = groups.get(spec.project.name) ?? [];
      group.push(spec);
      groups.set(spec.project.name, group);
    }
    return [...groups.values()].sort(
      ([a], [b]) =>
        a!.project.config.sequence.groupOrder - b!.project.config.sequence.groupOrder ||
        (a!.project.name < b!.project.name ? -1 : 1),
    );
  }

  override shard(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    return Promise.resolve(
      DurationSequencer.byProject(specs).flatMap((group) => {
        const { byFile, seconds } = this.expected(group);
        return balancedPart([...byFile.keys()], seconds, index, count).map((file) =>
          byFile.get(file)!,
        );
      }),
    );
  }

  override sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve(
      DurationSequencer.byProject(specs).flatMap((group) => {
        const { byFile, seconds } = this.expected(group);
        return longestFirst([...byFile.keys()], seconds).map((file) => byFile.get(file)!);
      }),
    );
  }
}
