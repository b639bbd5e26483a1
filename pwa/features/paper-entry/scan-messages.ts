// The messages between the paper entry page and its reading worker (scan.worker.ts).
import type { PaperFormPackage, PaperPageMark } from '../../../shared/paper-form';
import type { ItemRead, PageProblem } from './scan-batch';

export interface ScanRequest {
  type: 'read';
  id: string;
  width: number;
  height: number;
  /** RGBA pixels (transferred). */
  rgba: ArrayBuffer;
  pkg: PaperFormPackage;
  /** Crops for HR (a page to keep); false for a live camera frame that is only checked. */
  crops: boolean;
}

export type ScanReply =
  | { type: 'read'; id: string; mark: PaperPageMark | null; problem: PageProblem | null; items: Record<string, ItemRead>; crops: Record<string, Blob>; thumb: Blob | null }
  | { type: 'error'; id: string; message: string };
