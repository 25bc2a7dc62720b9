import { versionNotFound } from './configuration-versions';

const VERSION = /^[1-9][0-9]{0,14}$/;

/**
 * The number of the version a text names (`{version}` of the path, `since` of the comparison): any text that is not
 * a version number names no recorded version, the 404 of an unknown one.
 */
export function versionNumber(text: string): number {
  if (!VERSION.test(text)) throw versionNotFound(text);
  return Number(text);
}
