import { describe, expect, it } from 'vitest';
import { InputError, type BenchRecord } from '../../src/core/model.js';
import { enforceRequiredStages, parseRequireStages } from '../../src/core/require-stages.js';

const cold: BenchRecord = {
  file: 'cold.json', format: 'record', shape: 'cold-recreate', runs: 3,
  metrics: [
    { name: 'host-prep', unit: 's', direction: 'smaller', samples: [1, 1, 1] },
    { name: 'tools', unit: 's', direction: 'smaller', samples: [2, null, 2] },
    { name: 'total', unit: 's', direction: 'smaller', samples: [3, 3, 3] },
  ],
};

describe('parseRequireStages', () => {
  it('reads shape: stage lists and shape: *, skipping blanks and comments', () => {
    expect(parseRequireStages('cold-recreate: host-prep, tools\n\n# note\nwarm: *\n')).toEqual([
      { shape: 'cold-recreate', stages: ['host-prep', 'tools'] },
      { shape: 'warm', stages: 'all' },
    ]);
    expect(parseRequireStages('')).toEqual([]);
  });
  it('refuses a line without a colon or without stages, naming the input and line', () => {
    expect(() => parseRequireStages('warm: a\ncold')).toThrow('require-stages: line 2 must read "shape: stage, stage" or "shape: *", got "cold"');
    expect(() => parseRequireStages('cold: , ,')).toThrow('require-stages: line 1 names no stage for shape "cold"');
  });
});

describe('enforceRequiredStages', () => {
  it('passes when every required stage was reported in every run', () => {
    expect(() => enforceRequiredStages([cold], [{ shape: 'cold-recreate', stages: ['host-prep'] }])).not.toThrow();
  });
  it('refuses a required stage reported in fewer than all runs, saying k of n', () => {
    expect(() => enforceRequiredStages([cold], [{ shape: 'cold-recreate', stages: ['tools'] }])).toThrow(
      'cold.json: required stage "tools" of shape "cold-recreate" was reported in 2/3 runs',
    );
  });
  it('refuses a required stage never reported as 0 of n', () => {
    expect(() => enforceRequiredStages([cold], [{ shape: 'cold-recreate', stages: ['attach'] }])).toThrow(/"attach" .* 0\/3 runs/);
  });
  it('with *, requires every stage the shape reported anywhere (not the total)', () => {
    expect(() => enforceRequiredStages([cold], [{ shape: 'cold-recreate', stages: 'all' }])).toThrow(/"tools" .* 2\/3/);
    const full = { ...cold, metrics: cold.metrics.filter((m) => m.name !== 'tools') };
    expect(() => enforceRequiredStages([full], [{ shape: 'cold-recreate', stages: 'all' }])).not.toThrow();
  });
  it('refuses a shape that was not benched, listing what was', () => {
    const err = (() => { try { enforceRequiredStages([cold], [{ shape: 'warm', stages: 'all' }]); } catch (e) { return e; } return undefined; })();
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe('require-stages: shape "warm" was not benched; benched: cold-recreate');
  });
});
