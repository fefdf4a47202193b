import { InputError, type BenchRecord } from './model.js';

/** A shape and the stages it must report in every run; `all` stands for every stage it reported anywhere. */
export interface StageRequirement {
  readonly shape: string;
  readonly stages: readonly string[] | 'all';
}

/**
 * Parses `require-stages` lines: `shape: stage, stage` or `shape: *`. Blank lines and `#` comments
 * are skipped. `source` names the input in messages.
 */
export function parseRequireStages(text: string, source = 'require-stages'): StageRequirement[] {
  const out: StageRequirement[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const colon = line.indexOf(':');
    const shape = colon < 0 ? '' : line.slice(0, colon).trim();
    const rest = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (shape === '' || rest === '') {
      throw new InputError(`${source}: line ${i + 1} must read "shape: stage, stage" or "shape: *", got ${JSON.stringify(raw.trim())}`);
    }
    const stages = rest === '*' ? 'all' : rest.split(',').map((s) => s.trim()).filter((s) => s !== '');
    if (stages !== 'all' && stages.length === 0) {
      throw new InputError(`${source}: line ${i + 1} names no stage for shape "${shape}"`);
    }
    out.push({ shape, stages });
  });
  return out;
}

/**
 * Refuses when a required stage was reported in fewer than all runs of its shape, or when a
 * requirement names a shape no record benched: an assertion that covers nothing reads exactly like
 * one that passed.
 */
export function enforceRequiredStages(records: readonly BenchRecord[], requirements: readonly StageRequirement[]): void {
  for (const req of requirements) {
    const record = records.find((r) => r.shape === req.shape);
    if (!record) {
      const benched = records.map((r) => r.shape);
      throw new InputError(
        `require-stages: shape "${req.shape}" was not benched; benched: ${benched.length ? benched.join(', ') : 'nothing'}`,
      );
    }
    const stages = req.stages === 'all' ? record.metrics.filter((m) => m.name !== 'total').map((m) => m.name) : req.stages;
    for (const stage of stages) {
      const metric = record.metrics.find((m) => m.name === stage);
      const k = !metric ? 0 : metric.samples.length === 0 && metric.summary ? (metric.summary.samples ?? 0) : metric.samples.filter((v) => v !== null).length;
      if (k < record.runs) {
        throw new InputError(
          `${record.file}: required stage "${stage}" of shape "${record.shape}" was reported in ${k}/${record.runs} runs`,
        );
      }
    }
  }
}
