import { readAlertSettings, type AlertSettings } from '../core/regress/settings.js';

/** The flags, named like the action's inputs, that set how regressions are judged. */
export const ALERT_OPTIONS = {
  'alert-method': { type: 'string' },
  'alert-threshold': { type: 'string' },
  'alert-window': { type: 'string' },
  'min-effect': { type: 'string' },
  'alert-confidence': { type: 'string' },
  'alert-after': { type: 'string' },
  'absolute-floor': { type: 'string' },
  'control-cases': { type: 'string' },
} as const;

/** The same judgement as the action's, read from those flags (refusals name the input). */
export function alertSettingsFrom(values: object): AlertSettings {
  return readAlertSettings((name) => {
    const v = (values as Record<string, unknown>)[name];
    return typeof v === 'string' ? v : '';
  });
}
