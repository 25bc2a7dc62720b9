/** `settings` of the configuration document (E2 global settings, configuration.md bounds). */
import { isValidTimeZone } from '../calendar/business-time';
import { confidenceLevel } from '../learning/promise-buffer';
import type { PromiseConfidenceDocument, SettingsDocument } from './configuration-document.types';
import { acceptedKeys, SETTINGS_FIELDS } from './configuration.fields';
import { childPath, DocumentReader, type JsonObject } from './document-reader';

export const DEFAULT_SETTINGS: Omit<SettingsDocument, 'timezone'> = {
  searchHorizonDays: 30,
  maxDeliveryDates: 5,
  maxLegs: 3,
  maxAlternativePaths: 3,
  wholesale: { unitsThreshold: null, additionalDays: 0 },
};

const SETTINGS_KEYS = acceptedKeys(SETTINGS_FIELDS);
const BOUNDS = {
  searchHorizonDays: [1, 366],
  maxDeliveryDates: [1, 60],
  maxLegs: [1, 5],
  maxAlternativePaths: [1, 10],
} as const;

/** The settings with every default filled in; `timezoneGiven`: the document names its time zone (E1.1). */
export function parseSettings(
  value: unknown,
  defaultTimezone: string,
  reader: DocumentReader,
): { settings: SettingsDocument; timezoneGiven: boolean } {
  const settings: SettingsDocument = {
    timezone: defaultTimezone,
    ...DEFAULT_SETTINGS,
    wholesale: { ...DEFAULT_SETTINGS.wholesale },
  };
  if (value === undefined || value === null) return { settings, timezoneGiven: false };
  const path = 'settings';
  const raw = reader.object(value, path, SETTINGS_KEYS);
  if (raw === null) return { settings, timezoneGiven: false };
  const timezone = reader.string(raw, 'timezone', path, false);
  if (timezone !== null) {
    if (isValidTimeZone(timezone)) settings.timezone = timezone;
    else reader.report(childPath(path, 'timezone'), `unknown time zone '${timezone}'`);
  }
  for (const key of Object.keys(BOUNDS) as (keyof typeof BOUNDS)[]) {
    const [min, max] = BOUNDS[key];
    const number = reader.number(raw, key, path, {
      integer: true,
      min,
      max,
      fallback: DEFAULT_SETTINGS[key],
    });
    if (typeof number === 'number') settings[key] = number;
  }
  if (!reader.isAbsent(raw, 'wholesale')) {
    const wholesalePath = childPath(path, 'wholesale');
    const wholesale = reader.object(raw.wholesale, wholesalePath, ['unitsThreshold', 'additionalDays']);
    if (wholesale !== null) {
      const threshold = reader.number(wholesale, 'unitsThreshold', wholesalePath, {
        integer: true,
        min: 0,
        fallback: null,
      });
      const days = reader.number(wholesale, 'additionalDays', wholesalePath, {
        integer: true,
        min: 0,
        fallback: 0,
      });
      if (threshold !== undefined) settings.wholesale.unitsThreshold = threshold;
      if (typeof days === 'number') settings.wholesale.additionalDays = days;
    }
  }
  if (!reader.isAbsent(raw, 'promiseConfidence')) {
    const promiseConfidence = parsePromiseConfidence(raw, childPath(path, 'promiseConfidence'), reader);
    if (promiseConfidence !== null) settings.promiseConfidence = promiseConfidence;
  }
  return { settings, timezoneGiven: timezone !== null };
}

/** `settings.promiseConfidence` (docs/learning.md): each sale channel's confidence, a confidence level. */
function parsePromiseConfidence(
  settings: JsonObject,
  path: string,
  reader: DocumentReader,
): PromiseConfidenceDocument | null {
  const raw = reader.object(settings.promiseConfidence, path, ['bySaleChannel']);
  if (raw === null) return null;
  const channels: [string, number][] = [];
  if (!reader.isAbsent(raw, 'bySaleChannel')) {
    const value = raw.bySaleChannel;
    const channelsPath = childPath(path, 'bySaleChannel');
    const named = typeof value === 'object' && value !== null ? Object.keys(value) : [];
    for (const [channel, confidence] of Object.entries(reader.object(value, channelsPath, named) ?? {})) {
      if (typeof confidence === 'number' && confidenceLevel(confidence) !== null)
        channels.push([channel, confidence]);
      else reader.report(childPath(channelsPath, channel), CONFIDENCE_PROBLEM);
    }
  }
  // own properties whatever the channel's name (`__proto__` too)
  const bySaleChannel = Object.fromEntries(channels);
  return { bySaleChannel };
}

/** What a confidence must be, in the words of the request's `calculationOptions.confidence`. */
export const CONFIDENCE_PROBLEM = 'must be a number from 0.50 to 0.99 in steps of 0.01';
