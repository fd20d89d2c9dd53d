import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuthUser } from '../../common/decorators.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/pg-errors.js';
import { AddReviewDto, ReviewDto, ReviewVoteDto, toReviewDto, VoteReviewDto, voteValue, VoteValue } from './reviews.dto.js';
import { ReviewsRepository } from './reviews.repository.js';
import { TransactionHost } from '../../database/transaction-host.js';

@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly txHost: TransactionHost,
  ) {}

  /** One review per paid rental of the caller's own, for the bike that rental was for. */
  async addReview(user: AuthUser, dto: AddReviewDto): Promise<ReviewDto> {
    const rental = await this.reviews.findOwnRental(user.id, dto.paymentId);
    if (!rental || rental.bikeId !== dto.bikeId) throw new NotFoundException('Rental not found for this bike');
    if (rental.status !== 'paid' || rental.totalPaidCents === null) {
      throw new ConflictException({ message: 'Only paid rentals can be reviewed', code: 'RENTAL_NOT_PAID' });
    }
    let id: string;
    try {
      const row = await this.reviews.insert({
        rentalId: rental.id,
        bikeId: rental.bikeId,
        userId: user.id,
        ratingHalves: Math.round(dto.rating * 2),
        comment: dto.comment ?? '',
      });
      id = row.id;
    } catch (e) {
      if (isUniqueViolation(e)) {
        throw new ConflictException({ message: 'You have already reviewed this rental', code: 'ALREADY_REVIEWED' });
      }
      throw e;
    }
    const [created] = await this.reviews.list({ id }, user.id);
    return toReviewDto(created);
  }

  async listBikeReviews(bikeId: string, viewer: AuthUser | undefined): Promise<ReviewDto[]> {
    if (!(await this.reviews.bikeExists(bikeId))) throw new NotFoundException('Bike not found');
    const rows = await this.reviews.list({ bikeId }, viewer?.id);
    return rows.map(toReviewDto);
  }

  async listUserReviews(user: AuthUser): Promise<ReviewDto[]> {
    const rows = await this.reviews.list({ userId: user.id }, user.id);
    return rows.map(toReviewDto);
  }

  /** Stores the caller's vote and sets `helpful` to the sum of all votes, in one transaction under the review's row lock. */
  async voteReview(user: AuthUser, reviewId: string, dto: VoteReviewDto): Promise<ReviewVoteDto> {
    const value = voteValue(dto.vote);
    try {
      return await this.txHost.run(async () => {
        const review = await this.reviews.lockById(reviewId);
        if (!review) throw new NotFoundException('Review not found');
        if (review.userId === user.id) {
          throw new ConflictException({ message: 'You cannot vote on your own review', code: 'OWN_REVIEW' });
        }
        const current = (await this.reviews.findVote(reviewId, user.id)) ?? 0;
        if (current === value) return { _id: review.id, helpful: review.helpful, myVote: value };
        await this.reviews.setVote(reviewId, user.id, value);
        const sums = await this.reviews.recomputeHelpful([reviewId]);
        return { _id: review.id, helpful: sums.get(reviewId) ?? 0, myVote: value as VoteValue };
      });
    } catch (e) {
      // The voter's account was deleted while the vote was being stored.
      if (isForeignKeyViolation(e)) throw new NotFoundException('Review not found');
      throw e;
    }
  }
}
