import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AddReviewDto, ReviewDto, ReviewVoteDto, VoteReviewDto } from './reviews.dto.js';
import { ReviewsService } from './reviews.service.js';

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Post('addreviews')
  @Endpoint({
    access: ['user'],
    summary: 'Review a paid rental',
    description:
      'One review per rental: the caller\'s own rental named by `paymentId` (its `_id` is accepted too), for `bikeId`, ' +
      'with the rental cost paid. `rating` is 1 to 5 in half steps; `comment` up to 1000 characters (may be empty).',
    created: Envelope(ReviewDto),
    errors: {
      400: 'A field is missing or malformed, or an unknown field was sent',
      404: 'No rental of the caller with this paymentId for this bike',
      409: 'The rental is not paid yet (RENTAL_NOT_PAID), or it already has a review (ALREADY_REVIEWED)',
    },
  })
  async addReview(@CurrentUser() user: AuthUser, @Body() dto: AddReviewDto): Promise<ApiResult<ReviewDto>> {
    return ok(await this.reviews.addReview(user, dto), 'Review added successfully');
  }

  @Get('getpostreviews/:bikeId')
  @Endpoint({
    access: 'public',
    summary: "A bike's reviews, newest first",
    description:
      "Public; the token is optional. Shows each reviewer's name, never the email. With a valid token, `myVote` is " +
      "the caller's helpful vote; otherwise 0. Reviews of a deleted bike stay readable.",
    ok: Envelope([ReviewDto]),
    errors: { 400: 'bikeId is not a valid id', 404: 'No bike with this id ever existed' },
  })
  @ApiBearerAuth('bearer') // the token is optional: it only sets myVote
  @ApiCookieAuth('cookie')
  @ApiParam({ name: 'bikeId', description: 'The bike id', format: 'uuid' })
  async listBikeReviews(
    @Param('bikeId', ParseIdPipe('bikeId')) bikeId: string,
    @CurrentUser() viewer: AuthUser | undefined,
  ): Promise<ApiResult<ReviewDto[]>> {
    return ok(await this.reviews.listBikeReviews(bikeId, viewer), 'Reviews retrieved successfully');
  }

  @Get('getuserreviews')
  @Endpoint({ access: 'signed-in', summary: "The caller's own reviews, newest first", ok: Envelope([ReviewDto]) })
  async listMyReviews(@CurrentUser() user: AuthUser): Promise<ApiResult<ReviewDto[]>> {
    return ok(await this.reviews.listUserReviews(user), 'Reviews retrieved successfully');
  }

  @Put(':id/vote')
  @HttpCode(200)
  @Endpoint({
    access: 'signed-in',
    summary: 'Vote a review helpful or not helpful',
    description:
      'The helpful vote of the bike detail page. One vote per user and review: `helpful` (+1), `not_helpful` (-1) ' +
      'or `none` (withdraws the vote); the numbers 1, -1 and 0 are accepted too. The review\'s `helpful` count is the ' +
      'sum of the votes, so switching from helpful to not helpful moves it by 2 and repeating a vote changes nothing. ' +
      'Any signed-in user may vote, except on their own review.',
    ok: Envelope(ReviewVoteDto),
    errors: { 400: 'id or vote is malformed', 404: 'No review with this id', 409: 'The review is the caller\'s own (OWN_REVIEW)' },
  })
  @ApiParam({ name: 'id', description: 'The review id', format: 'uuid' })
  async voteReview(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe('id')) id: string,
    @Body() dto: VoteReviewDto,
  ): Promise<ApiResult<ReviewVoteDto>> {
    return ok(await this.reviews.voteReview(user, id, dto), 'Vote recorded');
  }
}
