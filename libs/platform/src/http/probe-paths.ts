/** Health probes and metric scrapes: not work of the service, so neither logged, measured nor traced. */
const PROBE_OR_SCRAPE = /^\/(health\/(live|ready)|metrics)(\?|$)/;

/** Whether a request URL (path and query) is a probe or a scrape. */
export const isProbeOrScrape = (url: string | undefined): boolean => PROBE_OR_SCRAPE.test(url ?? '');
