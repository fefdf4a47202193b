/** An in-memory data-dir for planner tests: the planner reads through a TrendReader, so a Map is a real one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPoints } from '../../src/core/cases.js';
import type { Point } from '../../src/core/model.js';
import { loadSegments, type TrendReader } from '../../src/core/trend/load.js';
import { planPublish, type PublishInput, type PublishPlan } from '../../src/core/trend/plan.js';
import { NEWEST_PATH, NEWEST_SEGMENTS } from '../../src/core/trend/newest.js';
import type { CommitInfo, Manifest, Segment } from '../../src/core/trend/types.js';
import { parseNewest } from '../../src/core/trend/validate.js';
import { parseRecord } from '../../src/formats/record.js';
import { FIXTURES } from '../helpers/paths.js';

export const LOCATION = 'gh-pages:dev/bench';

export class MemoryTrend {
  readonly files = new Map<string, string>();
  /** Every path read, in order, so tests can see what a publish touched. */
  readonly reads: string[] = [];
  readonly read: TrendReader = async (path) => {
    this.reads.push(path);
    return this.files.get(path);
  };

  /** Plans and applies one publish, as the git effect would. */
  async publish(input: Partial<PublishInput> & Pick<PublishInput, 'commit' | 'points'>): Promise<PublishPlan> {
    const plan = await planPublish(this.read, { suite: 'default', publishedAt: '2024-05-01T00:00:00Z', location: LOCATION, ...input });
    this.apply(plan);
    return plan;
  }

  /** Writes a plan's files and takes out what it removes (a folder with everything under it). */
  apply(plan: Pick<PublishPlan, 'files' | 'removed'>): void {
    for (const path of plan.removed) for (const k of [...this.files.keys()]) if (k === path || k.startsWith(`${path}/`)) this.files.delete(k);
    for (const [path, content] of plan.files) this.files.set(path, typeof content === 'string' ? content : Buffer.from(content).toString('utf8'));
  }

  /** Segment `seq` as every reader reads it, whichever chunk holds it. */
  async segment(seq: number): Promise<Segment> {
    const [s] = await loadSegments(async (path) => this.files.get(path), LOCATION, seq, seq + 1);
    if (!s) throw new Error(`segment ${seq} is not in the trend`);
    return s;
  }

  /** The segments data/newest.json holds, read as the publisher's write gate reads it. */
  newest(): Segment[] {
    const text = this.files.get(NEWEST_PATH);
    if (text === undefined) throw new Error(`${NEWEST_PATH} was not written`);
    return parseNewest(NEWEST_PATH, text, this.json<Manifest>('manifest.json'), NEWEST_SEGMENTS);
  }

  json<T = unknown>(path: string): T {
    const text = this.files.get(path);
    if (text === undefined) throw new Error(`${path} was not written`);
    return JSON.parse(text) as T;
  }
}

export function commit(n: number, extra: Partial<CommitInfo> = {}): CommitInfo {
  return {
    sha: n.toString(16).padStart(40, '0'),
    message: `commit ${n}\n\nbody`,
    author: 'Ada',
    timestamp: `2024-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
    ...extra,
  };
}

/** The points of the real fixture records (warm and cold-recreate). */
export function fixturePoints(): Point[] {
  const read = (name: string) => parseRecord(name, readFileSync(join(FIXTURES, 'records', name), 'utf8'));
  return buildPoints([read('warm.json'), read('cold-recreate.json')]).points;
}

/** `count` points of one shape, values offset by `shift`, as a 50-case suite would publish. */
export function syntheticPoints(count: number, shift = 0, shape = 'warm', unit = 's'): Point[] {
  return Array.from({ length: count }, (_, i) => {
    const samples = [1, 1.1, 1.2].map((v) => v * (i + 1) + shift);
    return {
      case: `${shape} / stage${i}`,
      shape,
      metric: `stage${i}`,
      unit,
      direction: 'smaller' as const,
      value: samples[1] as number,
      q1: samples[0] as number,
      q3: samples[2] as number,
      min: samples[0] as number,
      max: samples[2] as number,
      stdev: 0.1,
      runs: 3,
      n: 3,
      samples,
    };
  });
}
