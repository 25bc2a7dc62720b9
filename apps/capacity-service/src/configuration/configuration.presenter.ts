import { snapshotToDocument } from '@delivery/capacity-domain';
import type { ConfigurationVersionSummary } from '@delivery/contracts';
import type { VersionRecord } from './configuration-store.port';
import type { LoadedConfiguration } from '../snapshot';

/** configuration.md: `Configuration loaded: version 7 (3 nodes, 2 zones, 4 routes)` (exactly this form). */
export function loadMessage({ version, snapshot }: LoadedConfiguration): string {
  return `Configuration loaded: version ${version} (${snapshot.nodes.length} nodes, ${snapshot.zones.length} zones, ${snapshot.routes.length} routes)`;
}

/** `GET {base}/configuration`: the active snapshot as a document, with its version and load time. */
export function activeConfigurationBody(configuration: LoadedConfiguration): Record<string, unknown> {
  return {
    ...snapshotToDocument(configuration.snapshot),
    version: configuration.version,
    loadedAt: configuration.loadedAt?.toISOString() ?? null,
  };
}

/** One line of the history; `newest`: the active version's number. */
export function versionSummary(record: VersionRecord, newest: number): ConfigurationVersionSummary {
  return {
    version: record.version,
    loadedAt: record.loadedAt.toISOString(),
    createdBy: record.createdBy,
    how: record.how,
    sourceVersion: record.sourceVersion,
    nodes: record.nodes,
    zones: record.zones,
    routes: record.routes,
    active: record.version === newest,
  };
}
