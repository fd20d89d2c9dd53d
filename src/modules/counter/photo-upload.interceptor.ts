import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { invalidField } from '../../common/field-error.js';
import { AppConfig } from '../../config/app-config.js';
import { PHOTO_FIELD, tooLarge } from './photos.service.js';

/**
 * Reads one multipart photo (field `photo`) into memory, at most PHOTO_MAX_BYTES: a larger one is a 400 naming the
 * field (never a 413 without a field), and nothing is stored. Other files or fields than `photo` and `unitId` are refused.
 */
@Injectable()
export class PhotoUploadInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const max = this.config.env.PHOTO_MAX_BYTES;
    const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: max, files: 1, fields: 4, fieldSize: 1024, parts: 6 } }).single(PHOTO_FIELD);
    await new Promise<void>((resolve, reject) =>
      upload(req, res, (err: unknown) => {
        if (!err) return resolve();
        if (err instanceof multer.MulterError) {
          if (err.code === 'LIMIT_FILE_SIZE') return reject(tooLarge(max));
          if (err.code === 'LIMIT_UNEXPECTED_FILE') return reject(invalidField(err.field ?? PHOTO_FIELD, `Upload one image in the field ${PHOTO_FIELD}`));
          return reject(invalidField(PHOTO_FIELD, `${PHOTO_FIELD}: ${err.message}`));
        }
        reject(invalidField(PHOTO_FIELD, `${PHOTO_FIELD} could not be read: send multipart/form-data`));
      }),
    );
    return next.handle();
  }
}
