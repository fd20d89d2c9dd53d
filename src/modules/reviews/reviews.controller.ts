import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { SignedIn, AuthUser, CurrentUser, Public, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AddReviewDto, ReviewDto, ReviewVoteDto, VoteReviewDto } from './reviews.dto.js';
import { ReviewsService } from './reviews.service.js';

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Post('addreviews')
  @Roles('user')
  @ApiOperation({
    summary: 'Review a paid rental',
    description:
      'One review per rental: the caller\'s own rental named by `paymentId` (its `_id` is accepted too), for `bikeId`, ' +
      'with the rental cost paid. `rating` is 1 to 5 in half steps; `comment` up to 1000 characters (may be empty).',
  })
  @ApiCreatedResponse({ type: Envelope(ReviewDto) })
  @ApiBadRequestResponse({ description: 'A field is missing or malformed, or an unknown field was sent', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No rental of the caller with this paymentId for this bike', type: ErrorEnvelopeDto })
  @ApiConflictResponse({
    description: 'The rental is not paid yet (RENTAL_NOT_PAID), or it already has a review (ALREADY_REVIEWED)',
    type: ErrorEnvelopeDto,
  })
  async addReview(@CurrentUser() user: AuthUser, @Body() dto: AddReviewDto): Promise<ApiResult<ReviewDto>> {
    return ok(await this.reviews.addReview(user, dto), 'Review added successfully');
  }

  @Get('getpostreviews/:bikeId')
  @Public()
  @ApiBearerAuth('bearer')
  @ApiCookieAuth('cookie')
  @ApiOperation({
    summary: "A bike's reviews, newest first",
    description:
      "Public; the token is optional. Shows each reviewer's name, never the email. With a valid token, `myVote` is " +
      "the caller's helpful vote; otherwise 0. Reviews of a deleted bike stay readable.",
  })
  @ApiParam({ name: 'bikeId', description: 'The bike id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope([ReviewDto]) })
  @ApiBadRequestResponse({ description: 'bikeId is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No bike with this id ever existed', type: ErrorEnvelopeDto })
  async listBikeReviews(
    @Param('bikeId', ParseIdPipe('bikeId')) bikeId: string,
    @CurrentUser() viewer: AuthUser | undefined,
  ): Promise<ApiResult<ReviewDto[]>> {
    return ok(await this.reviews.listBikeReviews(bikeId, viewer), 'Reviews retrieved successfully');
  }

  @Get('getuserreviews')
  @SignedIn()
  @ApiOperation({ summary: "The caller's own reviews, newest first" })
  @ApiOkResponse({ type: Envelope([ReviewDto]) })
  async listMyReviews(@CurrentUser() user: AuthUser): Promise<ApiResult<ReviewDto[]>> {
    return ok(await this.reviews.listUserReviews(user), 'Reviews retrieved successfully');
  }

  @Put(':id/vote')
  @HttpCode(200)
  @SignedIn()
  @ApiOperation({
    summary: 'Vote a review helpful or not helpful',
    description:
      'The helpful vote of the bike detail page. One vote per user and review: `helpful` (+1), `not_helpful` (-1) ' +
      'or `none` (withdraws the vote); the numbers 1, -1 and 0 are accepted too. The review\'s `helpful` count is the ' +
      'sum of the votes, so switching from helpful to not helpful moves it by 2 and repeating a vote changes nothing. ' +
      'Any signed-in user may vote, except on their own review.',
  })
  @ApiParam({ name: 'id', description: 'The review id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(ReviewVoteDto) })
  @ApiBadRequestResponse({ description: 'id or vote is malformed', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No review with this id', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'The review is the caller\'s own (OWN_REVIEW)', type: ErrorEnvelopeDto })
  async voteReview(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe('id')) id: string,
    @Body() dto: VoteReviewDto,
  ): Promise<ApiResult<ReviewVoteDto>> {
    return ok(await this.reviews.voteReview(user, id, dto), 'Vote recorded');
  }
}
