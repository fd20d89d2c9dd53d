import { Card, Timeline } from 'antd';
import { ButtonLink } from '../../components/ButtonLink.js';
import './about.css';
import { publicAsset } from '../../lib/public-asset.js';
import { useNumberFormat, useT, type MessageId } from '../../app/i18n.js';

const MEMBERS: { name: string; slug: string; role: MessageId; bio: MessageId }[] = [
  { name: 'Ayesha Rahman', slug: 'ayesha-rahman', role: 'pub.about.ayesha.role', bio: 'pub.about.ayesha.bio' },
  { name: 'Daniel Okafor', slug: 'daniel-okafor', role: 'pub.about.daniel.role', bio: 'pub.about.daniel.bio' },
  { name: 'Lucas Moreau', slug: 'lucas-moreau', role: 'pub.about.lucas.role', bio: 'pub.about.lucas.bio' },
  { name: 'Mei Lin Chen', slug: 'mei-lin-chen', role: 'pub.about.mei.role', bio: 'pub.about.mei.bio' },
];
const TEAM = MEMBERS.map((member) => ({ ...member, imageUrl: publicAsset(`/images/team/${member.slug}.svg`) }));

/** The story's years; `heading` and `text` are catalogue messages. */
const MILESTONES: { year: number; heading: MessageId; text: MessageId }[] = [
  { year: 2018, heading: 'pub.about.2018.title', text: 'pub.about.2018.text' },
  { year: 2019, heading: 'pub.about.2019.title', text: 'pub.about.2019.text' },
  { year: 2020, heading: 'pub.about.2020.title', text: 'pub.about.2020.text' },
  { year: 2021, heading: 'pub.about.2021.title', text: 'pub.about.2021.text' },
  { year: 2022, heading: 'pub.about.2022.title', text: 'pub.about.2022.text' },
  { year: 2023, heading: 'pub.about.2023.title', text: 'pub.about.2023.text' },
];

export default function AboutPage() {
  const t = useT();
  // Years as the language writes them ('2018', '২০১৮'), never grouped.
  const year = useNumberFormat({ useGrouping: false });
  return (
    <>
      <section className="about-hero" aria-labelledby="about-title">
        <div className="page-container about-hero-inner">
          <h1 id="about-title" className="about-title">
            {t('pub.about.title')}
          </h1>
          <p className="about-lead">{t('pub.about.lead')}</p>
          <div className="about-actions">
            <ButtonLink to="/listings" type="primary" size="large">
              {t('pub.about.viewListings')}
            </ButtonLink>
            <ButtonLink to="/contact" size="large">
              {t('pub.about.contactUs')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="page-container about-section" aria-labelledby="team-title">
        <h2 id="team-title" className="about-section-title">
          {t('pub.about.team')}
        </h2>
        <ul className="about-team">
          {TEAM.map((member) => (
            <li key={member.slug}>
              <Card
                className="about-member"
                cover={<img src={member.imageUrl} alt={t('pub.about.portrait', { name: member.name })} width={320} height={320} loading="lazy" />}
              >
                <h3 className="about-member-name">{member.name}</h3>
                <p className="about-member-role">{t(member.role)}</p>
                <p className="about-muted">{t(member.bio)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="page-container about-section" aria-labelledby="journey-title">
        <p className="eyebrow">{t('pub.about.journey')}</p>
        <h2 id="journey-title" className="about-section-title">
          {t('pub.about.story')}
        </h2>
        <Timeline
          mode="start"
          className="about-timeline"
          items={MILESTONES.map((m) => ({
            key: String(m.year),
            content: (
              <div className="about-milestone">
                <span className="about-milestone-date">{year(m.year)}</span>
                <h3>{t(m.heading)}</h3>
                <p className="about-muted">{t(m.text)}</p>
              </div>
            ),
          }))}
        />
      </section>
    </>
  );
}
