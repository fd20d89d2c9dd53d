import { Type as NestType } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export interface PageQuery {
  page: number;
  limit: number;
}

/** `page` (from 1) and `limit` (1..maxLimit, default defaultLimit) query parameters of a paged list. */
export function PageQueryDto(maxLimit: number, defaultLimit = 10): NestType<PageQuery> {
  class PageQueryBase implements PageQuery {
    @ApiPropertyOptional({ default: 1, minimum: 1 })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'page must be a whole number' })
    @Min(1, { message: 'page must be at least 1' })
    @Max(1_000_000)
    page: number = 1;

    @ApiPropertyOptional({ default: defaultLimit, minimum: 1, maximum: maxLimit })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'limit must be a whole number' })
    @Min(1, { message: 'limit must be at least 1' })
    @Max(maxLimit, { message: `limit must be at most ${maxLimit}` })
    limit: number = defaultLimit;
  }
  return PageQueryBase;
}
