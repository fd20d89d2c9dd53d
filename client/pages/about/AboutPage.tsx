import { Card, Timeline } from 'antd';
import { ButtonLink } from '../../components/ButtonLink.js';
import './about.css';
import { publicAsset } from '../../lib/public-asset.js';

const TEAM = [
  {
    name: 'Ayesha Rahman',
    slug: 'ayesha-rahman',
    role: 'Founder & CEO',
    bio: 'Started Okay Bike to make short trips easy and affordable. Rides a commuter scooter every day.',
  },
  {
    name: 'Daniel Okafor',
    slug: 'daniel-okafor',
    role: 'Head of Operations',
    bio: 'Keeps 100+ bikes serviced, insured and on time across our cities.',
  },
  {
    name: 'Lucas Moreau',
    slug: 'lucas-moreau',
    role: 'Lead Engineer',
    bio: 'Builds the booking and payment platform that lets you rent a bike in minutes.',
  },
  {
    name: 'Mei Lin Chen',
    slug: 'mei-lin-chen',
    role: 'Customer Experience Lead',
    bio: 'Makes sure every rider gets help fast, from the first booking to the last return.',
  },
].map((member) => ({ ...member, imageUrl: publicAsset(`/images/team/${member.slug}.svg`) }));

const MILESTONES = [
  { date: '2018', title: 'Okay Bike is founded', description: 'Two friends and ten bikes start renting by the hour from a small garage.' },
  { date: '2019', title: 'Our first 1,000 users', description: 'Word spreads: a thousand riders book with us in our first full year.' },
  { date: '2020', title: 'Virtual tours', description: 'Riders can inspect every bike online with 360° virtual tours before they book.' },
  { date: '2021', title: '$10 million Series A', description: 'A $10 million Series A round funds a bigger fleet and a better app.' },
  { date: '2022', title: 'AI matching', description: 'AI matching suggests the right bike for each trip, rider and budget.' },
  { date: '2023', title: 'Expansion to 50 cities', description: 'Okay Bike now rents bikes in 50 cities, with more on the way.' },
];

export default function AboutPage() {
  return (
    <>
      <section className="about-hero" aria-labelledby="about-title">
        <div className="page-container about-hero-inner">
          <h1 id="about-title" className="about-title">
            About Okay Bike
          </h1>
          <p className="about-lead">
            We rent bikes by the hour so you can ride when you need to, without owning one. 100+ bikes, fair hourly prices and
            friendly people behind every booking.
          </p>
          <div className="about-actions">
            <ButtonLink to="/listings" type="primary" size="large">
              View Listings
            </ButtonLink>
            <ButtonLink to="/contact" size="large">
              Contact Us
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="page-container about-section" aria-labelledby="team-title">
        <h2 id="team-title" className="about-section-title">
          Our Team
        </h2>
        <ul className="about-team">
          {TEAM.map((member) => (
            <li key={member.slug}>
              <Card className="about-member" cover={<img src={member.imageUrl} alt={`Portrait of ${member.name}`} width={320} height={320} loading="lazy" />}>
                <h3 className="about-member-name">{member.name}</h3>
                <p className="about-member-role">{member.role}</p>
                <p className="about-muted">{member.bio}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="page-container about-section" aria-labelledby="journey-title">
        <p className="eyebrow">Our Journey</p>
        <h2 id="journey-title" className="about-section-title">
          The Okay Bike Story
        </h2>
        <Timeline
          mode="start"
          className="about-timeline"
          items={MILESTONES.map((m) => ({
            key: m.date,
            content: (
              <div className="about-milestone">
                <span className="about-milestone-date">{m.date}</span>
                <h3>{m.title}</h3>
                <p className="about-muted">{m.description}</p>
              </div>
            ),
          }))}
        />
      </section>
    </>
  );
}
