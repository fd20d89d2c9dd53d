import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Rate, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useBikeReviews, useVoteReview, type Review, type VoteName } from '../../api/reviews.js';
import { useSession } from '../../api/users.js';
import { notifyError } from '../../app/notify.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { formatDate } from '../../lib/time.js';
import { LoadError } from '../../components/LoadError.js';

function ReviewVotes({ review, bikeId, own }: { review: Review; bikeId: string; own: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const vote = useVoteReview(bikeId);

  const cast = (choice: VoteName) => {
    if (!session) {
      navigate('/login');
      return;
    }
    vote.mutate({ reviewId: review._id, vote: choice }, { onError: (error) => notifyError(error, 'Your vote could not be saved. Please try again.') });
  };

  const helpfulChosen = review.myVote === 1;
  const notHelpfulChosen = review.myVote === -1;
  return (
    <div className="review-votes" role="group" aria-label={`Was the review by ${review.userId.name} helpful?`}>
      <span className="review-helpful-count" aria-live="polite">
        <strong>{review.helpful}</strong> helpful
      </span>
      {own ? (
        <span className="review-own">Your review</span>
      ) : (
        <>
          <Button
            type={helpfulChosen ? 'primary' : 'default'}
            ghost={helpfulChosen}
            size="small"
            icon={helpfulChosen ? <LikeFilled {...decorativeIcon} /> : <LikeOutlined {...decorativeIcon} />}
            aria-label="Helpful"
            aria-pressed={helpfulChosen}
            disabled={helpfulChosen}
            onClick={() => cast('helpful')}
          />
          <Button
            type={notHelpfulChosen ? 'primary' : 'default'}
            ghost={notHelpfulChosen}
            size="small"
            icon={notHelpfulChosen ? <DislikeFilled {...decorativeIcon} /> : <DislikeOutlined {...decorativeIcon} />}
            aria-label="Not helpful"
            aria-pressed={notHelpfulChosen}
            disabled={notHelpfulChosen}
            onClick={() => cast('not_helpful')}
          />
        </>
      )}
    </div>
  );
}

function ReviewItem({ review, bikeId }: { review: Review; bikeId: string }) {
  const session = useSession();
  const own = session?.id === review.userId._id;
  const zone = useShopTimeZone();
  return (
    <li className="review-item">
      <article aria-label={`Review by ${review.userId.name}`}>
        <header className="review-header">
          <Avatar size={40} icon={<UserOutlined {...decorativeIcon} />} className="review-avatar" />
          <div className="review-meta">
            <h3 className="review-author">{review.userId.name}</h3>
            <time className="review-date" dateTime={review.date}>
              {formatDate(review.date, zone)}
            </time>
          </div>
        </header>
        <div className="review-rating">
          <Rate disabled allowHalf value={review.rating} aria-hidden="true" />
          <span className="sr-only-text">Rated {review.rating} out of 5</span>
        </div>
        {review.comment ? <p className="review-comment">{review.comment}</p> : <p className="review-comment review-comment-empty">No comment.</p>}
        <ReviewVotes review={review} bikeId={bikeId} own={own} />
      </article>
    </li>
  );
}

/** Customer reviews of one bike with helpful votes (spec section 4: +1, -1, switching moves by 2, chosen disabled). */
export function ReviewList({ bikeId }: { bikeId: string }) {
  const reviews = useBikeReviews(bikeId);

  if (reviews.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (reviews.isError && !reviews.data) {
    return (
      <LoadError title="Reviews could not be loaded." onRetry={() => reviews.refetch()} variant="inline" />
    );
  }
  if (reviews.data.length === 0) {
    return (
      <Empty
        className="reviews-empty"
        description="No reviews yet. Riders who rent this bike can review it after paying for the rental."
      />
    );
  }
  return (
    <ul className="review-list">
      {reviews.data.map((review) => (
        <ReviewItem key={review._id} review={review} bikeId={bikeId} />
      ))}
    </ul>
  );
}
