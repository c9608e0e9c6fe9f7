import { useEffect, useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import Tooltip from 'antd/es/tooltip';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import RocketOutlined from '@ant-design/icons/es/icons/RocketOutlined';
import { journeyCaption, type JourneyResponse } from '@levelup/contracts';
import { journeyQueryOptions } from '../api/get-journey.ts';

// The visual journey (80 px between stars, a 400 px wide canvas).

export interface JourneyStar {
  id: string;
  seriesTitle: string;
  scheduledFor: string;
  isCompleted: boolean;
  xp: number;
}

/** One star per occurrence of every linked series, ordered by scheduled date (then series title). */
export function journeyStars(journey: JourneyResponse): JourneyStar[] {
  return journey.linkedSeries
    .flatMap((series) =>
      series.occurrences.map((o) => ({
        id: o.id,
        seriesTitle: series.title,
        scheduledFor: o.scheduledFor,
        isCompleted: o.isCompleted,
        xp: o.isCompleted ? (o.xpContributed ?? series.xpPerOccurrence) : series.xpPerOccurrence,
      })),
    )
    .sort(
      (a, b) =>
        a.scheduledFor.localeCompare(b.scheduledFor) || a.seriesTitle.localeCompare(b.seriesTitle),
    );
}

const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const shortDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};

const starStatus = (star: JourneyStar) =>
  star.isCompleted
    ? `Completed - ${star.xp} XP contributed`
    : `Not completed - ${star.xp} XP available`;

const PARTICLES = 6;

function Star({ star, index }: { star: JourneyStar; index: number }) {
  const [burst, setBurst] = useState(0);
  // The replay lasts 700 ms; the particles leave afterwards so the next click starts a fresh one.
  useEffect(() => {
    if (burst === 0) return;
    const timer = setTimeout(() => setBurst(0), 800);
    return () => clearTimeout(timer);
  }, [burst]);
  const status = starStatus(star);
  // The planet sits above the first star: particles fly up by the star's distance from it.
  const rise = -(index * 80 + 80);
  return (
    <Tooltip
      title={
        <>
          <strong>{star.seriesTitle}</strong>
          <br />
          {longDate(star.scheduledFor)}
          <br />
          {status}
        </>
      }
    >
      <button
        type="button"
        className={`lu-star ${star.isCompleted ? 'lu-star-done' : 'lu-star-open'}`}
        aria-label={`${star.seriesTitle}, ${longDate(star.scheduledFor)}: ${status}`}
        onClick={() => {
          if (star.isCompleted) setBurst(Date.now());
        }}
      >
        {star.isCompleted ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
        {burst > 0 &&
          Array.from({ length: PARTICLES }, (_, i) => (
            <span
              key={`${burst}-${i}`}
              className="lu-particle"
              data-testid="journey-particle"
              aria-hidden="true"
              style={
                { '--dx': `${(i - PARTICLES / 2) * 6}px`, '--dy': `${rise}px` } as CSSProperties
              }
            />
          ))}
      </button>
    </Tooltip>
  );
}

/** The planet's glow grows with the completion percent; a small icon appears above 50%. */
function Planet({ percent }: { percent: number }) {
  const glow = Math.round(4 + percent * 0.28);
  return (
    <div className="lu-planet-wrap" aria-hidden="true">
      {percent > 50 && <RocketOutlined className="lu-planet-icon" data-testid="planet-icon" />}
      <div
        className="lu-planet"
        data-testid="planet"
        style={{
          boxShadow: `0 0 ${glow}px ${Math.round(glow / 2)}px rgba(167,139,250,${0.25 + percent / 200})`,
        }}
      />
    </div>
  );
}

export function JourneyView({ goalId, title }: { goalId: string; title: string }) {
  const journey = useQuery(journeyQueryOptions(goalId));
  if (journey.isPending) return <p role="status">Loading journey...</p>;
  if (journey.isError) return <p role="alert">Failed to load the journey</p>;
  const stars = journeyStars(journey.data);
  if (journey.data.linkedSeries.length === 0)
    return (
      <p>
        No recurring quests linked to this goal yet. Link a recurring series to see your journey
        path!
      </p>
    );
  const done = stars.filter((s) => s.isCompleted).length;
  const percent = stars.length === 0 ? 0 : Math.round((done / stars.length) * 100);
  return (
    <figure className="lu-journey" aria-label={`Journey of ${title}`} style={{ margin: '8px 0' }}>
      <Planet percent={percent} />
      <ol className="lu-stars">
        {stars.map((star, index) => (
          <li key={star.id} className="lu-star-row">
            <Star star={star} index={index} />
            <span>
              {star.seriesTitle}
              <span style={{ display: 'block', opacity: 0.85 }}>
                {shortDate(star.scheduledFor)}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <figcaption className="lu-journey-caption">{journeyCaption(stars)}</figcaption>
    </figure>
  );
}
