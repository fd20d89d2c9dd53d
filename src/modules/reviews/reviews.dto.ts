import { EchoableFields } from '../../common/compat-body.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import type { ReviewRow } from '../../database/schema/reviews.js';

/** Ratings are whole or half stars: 1, 1.5, ..., 5. */
const IsHalfStep = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isHalfStep',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isInteger(value * 2),
        defaultMessage: () => 'rating must be a multiple of 0.5 (half stars)',
      },
    },
    options,
  );

export class ReviewBikeRefDto {
  @ApiProperty({ example: '6f1c2b9a-3d4e-4f5a-8b6c-7d8e9f0a1b2c' }) _id: string;
  @ApiProperty({ example: 'Yamaha FZ-S V3' }) name: string;
}

/** The reviewer as public listings show them: the name, never the email. */
export class ReviewUserRefDto {
  @ApiProperty({ example: '0b6f1d9e-7c1a-4f3e-9a51-2f0c8d1e4b7a' }) _id: string;
  @ApiProperty({ example: 'Rahim Uddin' }) name: string;
}

export const VOTE_VALUES = [1, -1, 0] as const;
export type VoteValue = (typeof VOTE_VALUES)[number];

export class ReviewDto {
  @ApiProperty({ example: '2a4c6e8f-1b3d-4f5a-9c7e-0d2f4a6c8e1b' }) _id: string;
  @ApiProperty({ type: ReviewBikeRefDto }) bikeId: ReviewBikeRefDto;
  @ApiProperty({ type: ReviewUserRefDto }) userId: ReviewUserRefDto;
  @ApiProperty({ example: '2026-05-03T09:30:00.000Z', description: 'When the review was written' }) date: string;
  @ApiProperty({ example: 4.5, minimum: 1, maximum: 5, description: 'Stars, in half steps' }) rating: number;
  @ApiProperty({ example: 'Smooth ride, the brakes were great.', maxLength: 1000 }) comment: string;
  @ApiProperty({ example: 3, description: 'Sum of the helpful (+1) and not helpful (-1) votes' }) helpful: number;
  @ApiProperty({
    enum: VOTE_VALUES,
    example: 0,
    description: "The caller's own vote: 1 helpful, -1 not helpful, 0 none (always 0 without a token)",
  })
  myVote: VoteValue;
}

export interface ReviewListRow {
  review: ReviewRow;
  bikeName: string;
  userName: string;
  myVote: number | null;
}

export function toReviewDto({ review, bikeName, userName, myVote }: ReviewListRow): ReviewDto {
  return {
    _id: review.id,
    bikeId: { _id: review.bikeId, name: bikeName },
    userId: { _id: review.userId, name: userName },
    date: review.createdAt.toISOString(),
    rating: review.ratingHalves / 2,
    comment: review.comment,
    helpful: review.helpful,
    myVote: (myVote ?? 0) as VoteValue,
  };
}

export class AddReviewDto {
  @ApiProperty({ example: '6f1c2b9a-3d4e-4f5a-8b6c-7d8e9f0a1b2c', description: 'The rented bike' })
  @IsUUID('all', { message: 'bikeId must be a valid id' })
  bikeId: string;

  @ApiProperty({ example: 4.5, minimum: 1, maximum: 5, multipleOf: 0.5, description: 'Stars, 1 to 5 in half steps' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'rating must be a number' })
  @Min(1, { message: 'rating must be at least 1' })
  @Max(5, { message: 'rating must be at most 5' })
  @IsHalfStep()
  rating: number;

  @ApiPropertyOptional({ example: 'Smooth ride, the brakes were great.', maxLength: 1000, default: '' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'comment must be a string' })
  @MaxLength(1000, { message: 'comment must be at most 1000 characters' })
  comment?: string;

  @ApiProperty({
    example: 'pay_8f3a2c1e9b7d4a6f',
    description: "The rental's paymentId (as GET rentals shows it); the rental's _id is accepted too",
  })
  @IsString({ message: 'paymentId must be a string' })
  @IsNotEmpty({ message: 'paymentId is required' })
  @MaxLength(200)
  paymentId: string;
}

const VOTE_NAMES = { helpful: 1, not_helpful: -1, none: 0 } as const;

/** PUT reviews/{id}/vote; the review's read-only fields echoed back with it are ignored. */
@EchoableFields('bikeId', 'userId', 'date', 'rating', 'comment', 'helpful', 'myVote')
export class VoteReviewDto {
  @ApiProperty({
    oneOf: [
      { type: 'string', enum: Object.keys(VOTE_NAMES) },
      { type: 'integer', enum: [...VOTE_VALUES] },
    ],
    example: 'helpful',
    description: "'helpful' (or 1), 'not_helpful' (or -1), 'none' (or 0) to withdraw the vote",
  })
  @IsIn([...Object.keys(VOTE_NAMES), ...VOTE_VALUES], {
    message: "vote must be one of 'helpful', 'not_helpful', 'none', 1, -1, 0",
  })
  vote: keyof typeof VOTE_NAMES | VoteValue;
}

export const voteValue = (vote: VoteReviewDto['vote']): VoteValue =>
  typeof vote === 'number' ? vote : VOTE_NAMES[vote];

export class ReviewVoteDto {
  @ApiProperty({ example: '2a4c6e8f-1b3d-4f5a-9c7e-0d2f4a6c8e1b' }) _id: string;
  @ApiProperty({ example: 4, description: 'The new sum of the votes' }) helpful: number;
  @ApiProperty({ enum: VOTE_VALUES, example: 1, description: "The caller's vote now" }) myVote: VoteValue;
}
