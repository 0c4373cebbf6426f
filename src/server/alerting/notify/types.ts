/**
 * The notifications half's own shapes. API shapes (Route, MuteTiming, ...) live in the contract
 * (`contract/alertingNotify.ts`); these are what the store and the dispatcher work with.
 */
import type { ContactPointType, Provenance, SilenceMatcher } from '../../../contract/alertingNotify';

export type Labels = Record<string, string>;

/** One integration of a contact point, with its secrets open (never leaves the server). */
export interface Integration {
  uid: string;
  name: string;
  type: ContactPointType | string;
  settings: Record<string, unknown>;
  disableResolveMessage: boolean;
  provenance: Provenance;
}

export interface Silence {
  id: string;
  orgId: number;
  matchers: SilenceMatcher[];
  /** Epoch ms. */
  startsAt: number;
  endsAt: number;
  createdBy: string;
  comment: string;
  updatedAt: number;
}

/** An alert as the notifier keeps it (the rules half's PostableAlert, fingerprinted, times in ms). */
export interface StoredAlert {
  orgId: number;
  fingerprint: string;
  labels: Labels;
  annotations: Labels;
  startsAt: number;
  endsAt: number;
  updatedAt: number;
  /** When this firing spell was first received (set by the store). */
  receivedAt?: number;
  generatorURL: string;
  values?: Record<string, number>;
  valueString?: string;
  dashboardUid?: string;
  panelId?: number;
}

/** One aggregation group's notification log row (shared by every instance). */
export interface NotificationLogEntry {
  orgId: number;
  groupKey: string;
  receiver: string;
  /** Bumped by every flush; an instance flushes only when its conditional bump succeeds. */
  version: number;
  firstSeen: number;
  nextFlush: number;
  lastSent: number | null;
  /** Fingerprints notified as firing / resolved by the last notification. */
  firing: string[];
  resolved: string[];
}

/** What a delivery saw: used for the per-type counter in `/metrics`. */
export type DeliveryResult = 'success' | 'failure';
