import busboy from 'busboy';
import { HttpError, badRequest } from '#core/errors';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface MultipartLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
}

/**
 * Parses a buffered multipart/form-data body (API Gateway hands Lambda the whole body) within
 * limits: too many or too large parts are a 413, a malformed body a 400.
 */
export function parseMultipart(
  bytes: Buffer,
  contentType: string,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          files: limits.maxFiles,
          fileSize: limits.maxFileBytes,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFiles + limits.maxFields,
        },
      });
    } catch {
      reject(badRequest('The form could not be read'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: MultipartFile[] = [];
    let failure: Error | null = null;
    const fail = (error: Error) => {
      failure ??= error;
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, `The field ${name} is too long`));
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new HttpError(413, `${info.filename} is too large`)));
      stream.on('close', () => {
        files.push({
          field,
          filename: info.filename ?? 'file',
          contentType: info.mimeType,
          data: Buffer.concat(chunks),
        });
      });
    });
    parser.on('filesLimit', () => fail(new HttpError(413, 'Too many files')));
    parser.on('fieldsLimit', () => fail(new HttpError(413, 'Too many fields')));
    parser.on('partsLimit', () => fail(new HttpError(413, 'Too many parts')));
    parser.on('error', () => fail(badRequest('The form could not be read')));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, files })));
    parser.end(bytes);
  });
}
