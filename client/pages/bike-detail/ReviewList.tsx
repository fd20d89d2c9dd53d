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
import { useLocale, useLocalePath, useNumberFormat, useT } from '../../app/i18n.js';

function ReviewVotes({ review, bikeId, own }: { review: Review; bikeId: string; own: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const vote = useVoteReview(bikeId);
  const t = useT();
  const lp = useLocalePath();
  const count = useNumberFormat();

  const cast = (choice: VoteName) => {
    if (!session) {
      navigate(lp('/login'));
      return;
    }
    vote.mutate({ reviewId: review._id, vote: choice }, { onError: (error) => notifyError(error, t('reviews.voteFailed')) });
  };

  const helpfulChosen = review.myVote === 1;
  const notHelpfulChosen = review.myVote === -1;
  return (
    <div className="review-votes" role="group" aria-label={t('reviews.wasHelpful', { name: review.userId.name })}>
      <span className="review-helpful-count" aria-live="polite">
        <strong>{count(review.helpful)}</strong> {t('reviews.helpfulCount', { count: review.helpful })}
      </span>
      {own ? (
        <span className="review-own">{t('reviews.own')}</span>
      ) : (
        <>
          <Button
            type={helpfulChosen ? 'primary' : 'default'}
            ghost={helpfulChosen}
            size="small"
            icon={helpfulChosen ? <LikeFilled {...decorativeIcon} /> : <LikeOutlined {...decorativeIcon} />}
            aria-label={t('reviews.helpful')}
            aria-pressed={helpfulChosen}
            disabled={helpfulChosen}
            onClick={() => cast('helpful')}
          />
          <Button
            type={notHelpfulChosen ? 'primary' : 'default'}
            ghost={notHelpfulChosen}
            size="small"
            icon={notHelpfulChosen ? <DislikeFilled {...decorativeIcon} /> : <DislikeOutlined {...decorativeIcon} />}
            aria-label={t('reviews.notHelpful')}
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
  const t = useT();
  const locale = useLocale();
  return (
    <li className="review-item">
      <article aria-label={t('reviews.by', { name: review.userId.name })}>
        <header className="review-header">
          <Avatar size={40} icon={<UserOutlined {...decorativeIcon} />} className="review-avatar" />
          <div className="review-meta">
            <h3 className="review-author">{review.userId.name}</h3>
            <time className="review-date" dateTime={review.date}>
              {formatDate(review.date, zone, locale)}
            </time>
          </div>
        </header>
        <div className="review-rating">
          <Rate disabled allowHalf value={review.rating} aria-hidden="true" />
          <span className="sr-only-text">{t('reviews.rated', { rating: review.rating })}</span>
        </div>
        {review.comment ? <p className="review-comment">{review.comment}</p> : <p className="review-comment review-comment-empty">{t('reviews.noComment')}</p>}
        <ReviewVotes review={review} bikeId={bikeId} own={own} />
      </article>
    </li>
  );
}

/** Customer reviews of one bike with helpful votes (spec section 4: +1, -1, switching moves by 2, chosen disabled). */
export function ReviewList({ bikeId }: { bikeId: string }) {
  const reviews = useBikeReviews(bikeId);
  const t = useT();

  if (reviews.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (reviews.isError && !reviews.data) {
    return (
      <LoadError title={t('reviews.loadError')} onRetry={() => reviews.refetch()} variant="inline" />
    );
  }
  if (reviews.data.length === 0) {
    return (
      <Empty
        className="reviews-empty"
        description={t('reviews.none')}
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
