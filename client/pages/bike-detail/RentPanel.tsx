import { HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, InputNumber, Tooltip } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BikeDetail } from '../../api/bikes.js';
import { useAddFavourite, useFavourites } from '../../api/favourites.js';
import { useSession } from '../../api/users.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { maxBookableUnits } from '../../lib/booking.js';
import { isBookable } from './structured-data.js';

// The booking form is needed only after 'Rent Now': its code is fetched when the pointer or focus reaches the button.
const loadBookNowModal = () => import('./BookNowModal.js');
const BookNowModal = lazy(() => loadBookNowModal().then((m) => ({ default: m.BookNowModal })));

const ADMIN_CANNOT_BOOK = "Admins can't book bikes. Sign in with a user account to rent.";
const ADMIN_HINT = "Admins can't book bikes or keep favorites. Sign in with a user account to rent.";
const ADMIN_CANNOT_FAVOURITE = "Admins can't keep favorites.";

/**
 * Quantity and the actions of spec section 2: 'Rent Now' (signed in, in stock), 'Bike is not available' (signed in,
 * out of stock), 'Login to Rent' (signed out), 'Add to Favorites' (role user only). Only role user may book on the
 * server, so an admin sees 'Rent Now' disabled with the reason.
 */
export function RentPanel({ bike }: { bike: BikeDetail }) {
  const session = useSession();
  const isUser = session?.role === 'user';
  const isAdmin = session?.role === 'admin';
  const inStock = isBookable(bike);
  const max = Math.max(1, maxBookableUnits(bike.quantity));
  const [quantity, setQuantity] = useState(1);
  const [booking, setBooking] = useState({ attempt: 0, open: false });
  const quantityId = useId();
  const hintId = useId();

  const favourites = useFavourites({ enabled: isUser });
  const addFavourite = useAddFavourite();
  const isFavourite = favourites.data?.some((f) => f.bikeId._id === bike._id) ?? false;

  const chosen = Math.min(quantity, max);

  const addToFavourites = () =>
    addFavourite.mutate(bike._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: () => notify.error('An error occurred during the process.'),
    });

  let rentButton;
  if (!session) {
    rentButton = (
      <ButtonLink to="/login" type="primary" size="large" icon={<ShoppingCartOutlined {...decorativeIcon} />}>
        Login to Rent
      </ButtonLink>
    );
  } else if (!inStock) {
    rentButton = (
      <Button type="primary" size="large" disabled>
        Bike is not available
      </Button>
    );
  } else if (isAdmin) {
    rentButton = (
      <Tooltip title={ADMIN_CANNOT_BOOK}>
        <Button type="primary" size="large" disabled aria-describedby={hintId} icon={<ShoppingCartOutlined {...decorativeIcon} />}>
          Rent Now
        </Button>
      </Tooltip>
    );
  } else {
    rentButton = (
      <Button
        type="primary"
        size="large"
        icon={<ShoppingCartOutlined {...decorativeIcon} />}
        onPointerEnter={() => void loadBookNowModal()}
        onFocus={() => void loadBookNowModal()}
        onClick={() => setBooking((b) => ({ attempt: b.attempt + 1, open: true }))}
      >
        Rent Now
      </Button>
    );
  }

  const favouriteHint = !session ? 'Log in to save this bike to your favorites.' : isAdmin ? ADMIN_CANNOT_FAVOURITE : null;

  return (
    <section className="rent-panel" aria-label="Rent this bike">
      <div className="rent-quantity">
        <label htmlFor={quantityId}>Quantity</label>
        <InputNumber
          id={quantityId}
          min={1}
          max={max}
          precision={0}
          value={chosen}
          onChange={(value) => setQuantity(typeof value === 'number' ? Math.min(Math.max(1, value), max) : 1)}
          disabled={!inStock || isAdmin}
          size="large"
          className="rent-quantity-input"
        />
        {inStock ? <span className="rent-quantity-max">Up to {max} at once</span> : null}
      </div>
      <div className="rent-actions">
        {rentButton}
        <Button
          size="large"
          icon={isFavourite ? <HeartFilled {...decorativeIcon} /> : <HeartOutlined {...decorativeIcon} />}
          disabled={!isUser || isFavourite}
          loading={addFavourite.isPending}
          onClick={addToFavourites}
          aria-describedby={favouriteHint ? hintId : undefined}
        >
          Add to Favorites
        </Button>
      </div>
      {isAdmin && inStock ? (
        <p id={hintId} className="rent-hint">
          {ADMIN_HINT}
        </p>
      ) : favouriteHint ? (
        <p id={hintId} className="rent-hint">
          {favouriteHint}
        </p>
      ) : null}
      {isFavourite ? (
        <p className="rent-hint">
          In your favorites. <Link to="/dashboard">See your favorite rides</Link>
        </p>
      ) : null}
      {booking.attempt > 0 ? (
        <Suspense fallback={null}>
          <BookNowModal
            key={booking.attempt}
            bike={bike}
            quantity={chosen}
            open={booking.open}
            onClose={() => setBooking((b) => ({ ...b, open: false }))}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
