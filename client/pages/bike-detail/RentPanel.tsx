import { HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, InputNumber, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { BikeDetail } from '../../api/bikes.js';
import { useAddFavourite, useFavourites } from '../../api/favourites.js';
import { useSession } from '../../api/users.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { maxBookableUnits } from '../../lib/booking.js';
import { withRedirect } from '../../lib/safe-redirect.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { bookingLink, readBookingDraft, type BookingDraft } from './booking-draft.js';
import { isBookableLater } from './structured-data.js';

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
  // Availability is the customer's window's (the quote says it), not this instant's: a bike whose units are all out
  // right now can still be booked for next week (issue 20 item 12). 'Bike is not available' is for a bike that cannot
  // be booked at all (switched off, or no unit in service).
  const inStock = isBookableLater(bike);
  const max = Math.max(1, maxBookableUnits(bike.totalUnits));
  const [params] = useSearchParams();
  // The window and quantity chosen before 'Login to Rent' come back in the address (issue 20 item 13); closing
  // 'Book Now' keeps them too.
  const [draft, setDraft] = useState<BookingDraft>(() => readBookingDraft(params));
  const [booking, setBooking] = useState({ attempt: 0, open: false });
  const quantityId = useId();
  const hintId = useId();
  const hydrated = useHydrated();
  const quantity = draft.quantity;
  const setQuantity = (value: number) => setDraft((d) => ({ ...d, quantity: value }));
  const openBooking = () => {
    void loadBookNowModal();
    setBooking((b) => ({ attempt: b.attempt + 1, open: true }));
  };

  // Back from login or signup with a window: the booking dialog opens again where the customer left it.
  const resume = params.get('book') === '1' && isUser && inStock;
  const resumed = useRef(false);
  useEffect(() => {
    if (!hydrated || !resume || resumed.current) return;
    resumed.current = true;
    void loadBookNowModal();
    setBooking((b) => ({ attempt: b.attempt + 1, open: true }));
  }, [hydrated, resume]);

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
  const loginTo = (d: BookingDraft) => withRedirect('/login', bookingLink(bike._id, d));
  if (!session) {
    rentButton = (
      <>
        <ButtonLink to={loginTo(draft)} type="primary" size="large" icon={<ShoppingCartOutlined {...decorativeIcon} />}>
          Login to Rent
        </ButtonLink>
        {inStock ? (
          <Button size="large" onPointerEnter={() => void loadBookNowModal()} onFocus={() => void loadBookNowModal()} onClick={openBooking}>
            Check dates &amp; price
          </Button>
        ) : null}
      </>
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
        onClick={openBooking}
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
      {inStock && bike.quantity < 1 ? (
        <p className="rent-hint">All units are out right now. Pick your times: the units free for your window and the price show before you book.</p>
      ) : null}
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
            draft={{ ...draft, quantity: chosen }}
            onDraftChange={setDraft}
            maxQuantity={max}
            loginTo={session ? undefined : loginTo}
            open={booking.open}
            onClose={() => setBooking((b) => ({ ...b, open: false }))}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
