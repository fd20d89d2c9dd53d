import { ConflictException, Controller, Get, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RawResponse } from '../../common/decorators.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { DatabaseService } from '../../database/database.service.js';

const TARBALL = { description: "The embedded database's data directory, a gzipped tarball", content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } } };

/** Online backups of the embedded database, for `npm run backup` (scripts/backup.mjs; README, "Backups"). */
@ApiTags('backup')
@Controller('admin/backup')
export class BackupController {
  constructor(private readonly database: DatabaseService) {}

  @Get('embedded')
  @Endpoint({
    access: ['admin'],
    summary: 'A consistent copy of the embedded database while the shop runs',
    description:
      'The PGlite data directory after a checkpoint, taken while no query runs, as a gzipped tarball (npm run backup fetches it; npm run restore ' +
      'loads it into an empty DATA_DIR). With DATABASE_URL the shop runs on a PostgreSQL server: back it up with pg_dump (npm run backup does).',
    ok: TARBALL,
    errors: { 409: 'The shop runs on a PostgreSQL server (DATABASE_URL): use pg_dump' },
  })
  @RawResponse()
  @ApiProduces('application/gzip')
  async embedded(@Res() res: Response): Promise<void> {
    if (this.database.kind !== 'pglite') throw new ConflictException('The shop runs on a PostgreSQL server (DATABASE_URL): back it up with pg_dump');
    const tarball = await this.database.dumpEmbedded();
    res.setHeader('Content-Type', 'application/gzip');
    res.setHeader('Content-Disposition', 'attachment; filename="pgdata.tar.gz"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(tarball);
  }
}
