/**
 * The scale-out inputs (mode, artifact, artifact-name, artifact-retention-days), read without
 * loading the artifact client: settings.ts needs them on every run, scale-out.ts only on some.
 */
import { COLLECT_PREFIX } from '../core/collected.js';
import { booleanInput } from '../core/inputs.js';
import { InputError } from '../core/model.js';

export const MODES = ['publish', 'collect', 'merge'] as const;
export type Mode = (typeof MODES)[number];

export interface ScaleOutSettings {
  /** publish: compute and publish in one step; collect: upload the points only; merge: publish every collected artifact (input `mode`). */
  readonly mode: Mode;
  /** Upload the run's records, cases and report as an artifact (input `artifact`); collect always uploads. */
  readonly artifact: boolean;
  /** Name of that artifact (input `artifact-name`); undefined means `benchtrend-records-<suite>-<shapes>-<attempt>`. */
  readonly artifactName: string | undefined;
  /** Days to keep artifacts (input `artifact-retention-days`); undefined keeps the repository's setting. */
  readonly artifactRetentionDays: number | undefined;
}

// The artifact service refuses these in a name (NTFS limits), so refuse them with the input's name first.
const BAD_NAME_CHARS = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

/** Parses the scale-out inputs; a bad value is refused naming the input and echoing the value. */
export function readScaleOutSettings(read: (name: string) => string): ScaleOutSettings {
  const modeText = read('mode').trim();
  const mode = (modeText === '' ? 'publish' : modeText) as Mode;
  if (!MODES.includes(mode)) throw new InputError(`mode: ${JSON.stringify(modeText)} is not a mode; use publish, collect or merge`);

  const artifact = booleanInput(read, 'artifact', true);

  const nameText = read('artifact-name').trim();
  const bad = BAD_NAME_CHARS.find((c) => nameText.includes(c));
  if (bad !== undefined) throw new InputError(`artifact-name: ${JSON.stringify(nameText)} contains ${JSON.stringify(bad)}, which the artifact service refuses in a name`);
  if (nameText.startsWith(COLLECT_PREFIX)) {
    throw new InputError(`artifact-name: ${JSON.stringify(nameText)} starts with ${COLLECT_PREFIX}, which is kept for the artifacts of mode collect`);
  }

  const daysText = read('artifact-retention-days').trim();
  let days: number | undefined;
  if (daysText !== '') {
    days = Number(daysText);
    if (!/^\d+$/.test(daysText) || !Number.isSafeInteger(days) || days < 1) {
      throw new InputError(`artifact-retention-days: ${JSON.stringify(daysText)} is not a whole number of days (1 or more); leave it empty for the repository's setting`);
    }
  }
  return { mode, artifact, artifactName: nameText === '' ? undefined : nameText, artifactRetentionDays: days };
}
