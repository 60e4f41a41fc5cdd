import type { ComponentType, ReactNode } from 'react';
import type { RequestType } from '@shared/patients/request';
import type { FieldErrors } from '@web/components/form/field-errors';
import type { FileCheck } from '@web/lib/uploads/file-rules';
import type { UploadRequest } from '@web/lib/uploads/use-case-uploads';
import type { VoiceNote } from '../hooks/use-voice-recorder';
import type { QueuedIntake } from '../lib/outcome';
import type { IntakeExtras } from '../lib/intake-fields';
import type { IntakeRequests } from '../lib/load-intake-requests';

/** The fields both readings have. */
export interface IntakeValues {
  requestType: RequestType | '';
  name: string;
  symptoms: string;
  address: string;
  regions: string[];
}

/** The fields both readings can mark invalid. */
export type IntakeField = 'requestType' | 'address' | 'name' | 'symptoms';

/** A kind of attachment the patient picks (photos, documents, medical files). */
export interface AttachmentSlot {
  kind: Extract<UploadRequest['kind'], 'image' | 'document' | 'attachment'>;
  id: string;
  title: string;
  hint: string;
  buttonText: string;
  accept: string;
  icon: ReactNode;
  listLabel: string;
  /** Reading A's image check reads the files' first bytes, so it may answer later. */
  check: (alreadyChosen: number, files: File[]) => FileCheck | Promise<FileCheck>;
  /** Says that files were added (reading B's 'Files Added'). */
  announceAdded?: (count: number) => void;
}

/** A reading's own fields, rendered with the form's state. */
export type ReadingFields<V extends IntakeValues, K extends string> = (form: {
  textField: (field: K & keyof V) => {
    id: string;
    value: string;
    onChange: (value: string) => void;
    error?: string;
  };
}) => ReactNode;

/**
 * What differs between the two readings of the request screen (spec doc 1 §2, §5): their
 * fields, the schema that checks them and the call that sends them, their attachments.
 * State, submit, draft and offline queue are the same (`IntakeForm`).
 */
export interface IntakeReading<V extends IntakeValues, K extends string> {
  /** Session storage name of the unsent fields. */
  draftName: string;
  initial: V;
  /** Control ids, by field. */
  ids: Record<IntakeField | K, string>;
  /** Screen order of the fields that can be invalid. */
  order: readonly (IntakeField | K)[];
  /** Edits that also answer another field's error. */
  alsoClears?: Partial<Record<keyof V, readonly (IntakeField | K)[]>>;
  /** Fields between the name and the symptoms. */
  beforeSymptoms?: ReadingFields<V, K>;
  /** Fields after the body-region picker. */
  afterRegions?: ReadingFields<V, K>;
  attachments: readonly AttachmentSlot[];
  /**
   * The voice note recorder, for a reading that offers one (A). Given by the reading, so the
   * other reading's page does not load the recorder.
   */
  VoiceRecorder?: ComponentType<{ onChange: (note: VoiceNote | null) => void }>;
  /**
   * Checks the fields with the reading's shared schema (from `requests`, which the form loads
   * with the first submit); the request to send when they pass.
   */
  validate: (
    values: V,
    extras: IntakeExtras,
    requests: IntakeRequests,
  ) => { ok: true; request: QueuedIntake } | { ok: false; errors: FieldErrors<IntakeField | K> };
}
