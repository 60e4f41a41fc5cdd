import { IMAGE_HEAD_BYTES, realImageType } from '@shared/uploads/image-signature';
import { caseFileRules, patientFileRules, uploadMessages } from '@shared/uploads/rules';
import { contentTypeOf, fileExtension } from './file-types';

/** One refusal, shown as a toast (spec doc 1 §5). */
export interface FileProblem {
  title: string;
  description: string;
}

export interface FileCheck {
  accepted: File[];
  problems: FileProblem[];
}

export const INVALID_FILE_TITLE = 'Invalid File';
/** Title of the count toasts; the spec gives only their text. */
export const TOO_MANY_FILES_TITLE = 'Too Many Files';

export type CaseFileCategory = 'image' | 'document';

const caseCategory = {
  image: {
    rules: caseFileRules.image,
    invalid: uploadMessages.invalidImage,
    tooMany: uploadMessages.tooManyImages,
  },
  document: {
    rules: caseFileRules.document,
    invalid: uploadMessages.invalidDocument,
    tooMany: uploadMessages.tooManyDocuments,
  },
} as const;

/** `accept` attribute of the reading A pickers. */
export const caseFileAccept: Record<CaseFileCategory, string> = {
  // The extensions too: a picker may not map .heic/.heif/.avif to their types.
  image: [
    ...caseFileRules.image.contentTypes,
    ...caseFileRules.image.extensions.map((extension) => `.${extension}`),
  ].join(','),
  document: [
    ...caseFileRules.document.contentTypes,
    '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv',
  ].join(','),
};

/** `accept` attribute of the reading B picker. */
export const patientFileAccept = [
  ...patientFileRules.contentTypes,
  ...patientFileRules.extensions.map((extension) => `.${extension}`),
].join(',');

/**
 * The picked image as what its bytes say it is (spec doc 1 §5), or null when it is no image.
 * The label decides nothing: a HEIC may come with an empty type, a PNG may be named .heic. A
 * file whose label was wrong is relabelled, so the upload declares the type the server will find.
 */
async function provenImage(file: File): Promise<File | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  const type = realImageType(head, contentTypeOf(file));
  if (!type) return null;
  if (type === file.type) return file;
  return new File([file], file.name, { type, lastModified: file.lastModified });
}

/**
 * Reading A (spec doc 1 §5): images are JPEG, PNG, GIF, WebP, HEIC/HEIF or AVIF, proved by
 * their first bytes; documents PDF, Word, Excel, PowerPoint, text or CSV; each at most 5 MB.
 * Invalid files are left out with an 'Invalid File' toast; a selection that would pass the count
 * (3 images, 5 documents) is refused as a whole.
 */
export async function checkCaseFiles(
  category: CaseFileCategory,
  alreadyChosen: number,
  incoming: readonly File[],
): Promise<FileCheck> {
  const { rules, invalid, tooMany } = caseCategory[category];
  const allowed: readonly string[] = rules.contentTypes;
  const problems: FileProblem[] = [];
  const valid: File[] = [];

  for (const file of incoming) {
    const sized = file.size > 0 && file.size <= rules.maxBytes;
    const checked = !sized
      ? null
      : category === 'image'
        ? await provenImage(file)
        : allowed.includes(contentTypeOf(file))
          ? file
          : null;
    if (checked) {
      valid.push(checked);
    } else {
      problems.push({ title: INVALID_FILE_TITLE, description: invalid(file.name) });
    }
  }
  if (alreadyChosen + valid.length > rules.maxCount) {
    return {
      accepted: [],
      problems: [...problems, { title: TOO_MANY_FILES_TITLE, description: tooMany }],
    };
  }
  return { accepted: valid, problems };
}

/** The 'Files Added' toast text: the count of accepted files. */
export function filesAddedText(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'} added`;
}

export function tooManyAttachmentsText(max: number = patientFileRules.maxCount): string {
  return `You can attach up to ${max} files.`;
}

/**
 * Reading B (spec doc 1 §5): jpeg, jpg, png, gif, webp, pdf, plain text, doc, docx, at most
 * 10 MB each. Files past the count of `patientFileRules.maxCount` are left out.
 */
export function checkPatientFiles(alreadyChosen: number, incoming: readonly File[]): FileCheck {
  const allowedTypes: readonly string[] = patientFileRules.contentTypes;
  const allowedExtensions: readonly string[] = patientFileRules.extensions;
  const problems: FileProblem[] = [];
  const accepted: File[] = [];
  let room = patientFileRules.maxCount - alreadyChosen;

  for (const file of incoming) {
    const type = contentTypeOf(file);
    const allowed = type
      ? allowedTypes.includes(type)
      : allowedExtensions.includes(fileExtension(file.name));
    if (!allowed) {
      problems.push({
        title: uploadMessages.invalidFileTypeTitle,
        description: uploadMessages.invalidFileType(file.name),
      });
    } else if (file.size > patientFileRules.maxBytes) {
      problems.push({
        title: uploadMessages.fileTooLargeTitle,
        description: uploadMessages.fileTooLarge(file.name),
      });
    } else if (room <= 0) {
      if (!problems.some((problem) => problem.title === TOO_MANY_FILES_TITLE)) {
        problems.push({ title: TOO_MANY_FILES_TITLE, description: tooManyAttachmentsText() });
      }
    } else {
      accepted.push(file);
      room -= 1;
    }
  }
  return { accepted, problems };
}
