import { describe, expect, it } from 'vitest';
import { machineMoved } from '../../src/core/regress/host.js';
import { Random } from '../../src/core/regress/prng.js';
import { HostWitness } from '../../src/core/regress/replay-trend.js';

// The replay's shortcuts against the direct computation they stand in for.
describe('the replay witness of the machine', () => {
  it('says what machineMoved says for every case of a commit, ties and small suites included', () => {
    const rng = new Random(17);
    let checked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const size = trial % 9;
      const moves = new Map<string, number>();
      for (let i = 0; i < size; i++) {
        // Coarse values so that ties (several cases with one move) are common.
        const move = trial % 3 === 0 ? Math.round(rng.normal() * 4) / 40 : 0.05 + 0.1 * rng.normal();
        moves.set(`case ${i}`, move);
      }
      const minEffect = trial % 2 ? 0.05 : 0;
      const witness = new HostWitness(moves, minEffect);
      for (const name of [...moves.keys(), 'not in the suite']) {
        expect(witness.movedWithout(name), `${trial} ${name}`).toBe(machineMoved(moves, name, minEffect));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
