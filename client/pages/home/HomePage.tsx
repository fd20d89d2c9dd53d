import { ArrowRightOutlined } from '@ant-design/icons';
import { DEFAULT_META, usePageMeta } from '../../app/head.js';
import { ButtonLink } from '../../components/ButtonLink.js';

export default function HomePage() {
  usePageMeta({ title: 'Okay Bike', description: DEFAULT_META.description });
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="page-container home-hero-inner">
        <div className="home-hero-copy">
          <p className="eyebrow">100+ bikes, rented by the hour</p>
          <h1 id="home-hero-title" className="home-hero-title">
            Need Bike For Short Time?
          </h1>
          <p className="home-hero-lead">Rent A Bike Now ! Pick a bike, choose your start time and ride.</p>
          <div className="home-hero-actions">
            <ButtonLink to="/allbikes" type="primary" size="large" icon={<ArrowRightOutlined />} iconPlacement="end">
              Browse bikes
            </ButtonLink>
            <ButtonLink to="/about" size="large">
              How it works
            </ButtonLink>
          </div>
        </div>
        <img className="home-hero-image" src="/images/hero/hero-1.svg" alt="" width={560} height={380} />
      </div>
    </section>
  );
}
