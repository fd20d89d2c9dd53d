import { HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, InputNumber, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { BikeDetail } from '../../api/bikes.js';
import { useAddFavourite, useFavourites } from '../../api/favourites.js';
import { useSession } from '../../api/users.js';
import { notify } from '../../app/notify.js';
import { useLocalePath, useT } from '../../app/i18n.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { maxBookableUnits } from '../../lib/booking.js';
import { withRedirect } from '../../lib/safe-redirect.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { bookingLink, readBookingDraft, type BookingDraft } from '../../lib/booking-draft.js';
import { isBookableLater } from './structured-data.js';

// The booking form is needed only after 'Rent Now': its code is fetched when the pointer or focus reaches the button.
const loadBookNowModal = () => import('./BookNowModal.js');
const BookNowModal = lazy(() => loadBookNowModal().then((m) => ({ default: m.BookNowModal })));


/**
 * Quantity and the actions of spec section 2: 'Rent Now' (signed in, in stock), 'Bike is not available' (signed in,
 * out of stock), 'Login to Rent' (signed out), 'Add to Favorites' (role user only). Only role user may book on the
 * server, so an admin sees 'Rent Now' disabled with the reason.
 */
export function RentPanel({ bike }: { bike: BikeDetail }) {
  const session = useSession();
  const t = useT();
  const lp = useLocalePath();
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
      onError: () => notify.error(t('rent.error')),
    });

  let rentButton;
  const loginTo = (d: BookingDraft) => lp(withRedirect('/login', lp(bookingLink(bike._id, d))));
  if (!session) {
    rentButton = (
      <>
        <ButtonLink to={loginTo(draft)} type="primary" size="large" icon={<ShoppingCartOutlined {...decorativeIcon} />}>
          {t('rent.loginToRent')}
        </ButtonLink>
        {inStock ? (
          <Button size="large" onPointerEnter={() => void loadBookNowModal()} onFocus={() => void loadBookNowModal()} onClick={openBooking}>
            {t('rent.checkDates')}
          </Button>
        ) : null}
      </>
    );
  } else if (!inStock) {
    rentButton = (
      <Button type="primary" size="large" disabled>
        {t('rent.notAvailable')}
      </Button>
    );
  } else if (isAdmin) {
    rentButton = (
      <Tooltip title={t('rent.adminCannotBook')}>
        <Button type="primary" size="large" disabled aria-describedby={hintId} icon={<ShoppingCartOutlined {...decorativeIcon} />}>
          {t('rent.rentNow')}
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
        {t('rent.rentNow')}
      </Button>
    );
  }

  const favouriteHint = !session ? t('rent.loginToFavourite') : isAdmin ? t('rent.adminCannotFavourite') : null;

  return (
    <section className="rent-panel" aria-label={t('rent.panel')}>
      <div className="rent-quantity">
        <label htmlFor={quantityId}>{t('rent.quantity')}</label>
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
        {inStock ? <span className="rent-quantity-max">{t('rent.upTo', { max })}</span> : null}
      </div>
      {inStock && bike.quantity < 1 ? (
        <p className="rent-hint">{t('rent.allOut')}</p>
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
          {t('rent.addFavourite')}
        </Button>
      </div>
      {isAdmin && inStock ? (
        <p id={hintId} className="rent-hint">
          {t('rent.adminHint')}
        </p>
      ) : favouriteHint ? (
        <p id={hintId} className="rent-hint">
          {favouriteHint}
        </p>
      ) : null}
      {isFavourite ? (
        <p className="rent-hint">
          {t('rent.inFavourites')} <Link to="/dashboard">{t('rent.seeFavourites')}</Link>
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
