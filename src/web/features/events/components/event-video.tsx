import { makeStyles, tokens } from '@fluentui/react-components';
import { Play48Filled } from '@fluentui/react-icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { videoProviderOf, type VideoProvider } from '../../../../shared/video-url.ts';
import { useHost } from '../../../host/host-context.tsx';
import { VIDEO_MESSAGES as M, VIDEO_PROVIDER_NAMES } from '../lib/rich-content-messages.ts';

const useStyles = makeStyles({
  box: { position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  facade: {
    boxSizing: 'border-box',
    margin: 0,
    border: 'none',
    fontFamily: 'inherit',
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    textAlign: 'center',
    cursor: 'pointer',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackgroundStatic,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-4px' },
    '@media (forced-colors: active)': { border: `${tokens.strokeWidthThin} solid ButtonText`, color: 'ButtonText', backgroundColor: 'ButtonFace' },
  },
  title: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  provider: { fontSize: tokens.fontSizeBase200 },
  frame: { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 },
});

/** The address the player loads on the user's click: asked to start playing at once, where the provider lets it. */
function playerUrl(embedUrl: string, provider: VideoProvider): string {
  if (provider === 'stream') return embedUrl;
  const url = new URL(embedUrl);
  url.searchParams.set('autoplay', '1');
  return url.href;
}

/** The player, framed: sandboxed, no referrer beyond the origin, a title for screen readers; focused as it appears. */
function VideoFrame({ src, title }: { src: string; title: string }) {
  const styles = useStyles();
  return (
    <iframe
      ref={(frame) => frame?.focus()}
      className={styles.frame}
      src={src}
      title={title}
      sandbox="allow-scripts allow-same-origin allow-presentation"
      allow="fullscreen; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      allowFullScreen
    />
  );
}

/**
 * An event's video, click to play: until the user presses play, only a facade (the event's title, the provider, a
 * play button) and no request at all to the video site; then the provider's player in a sandboxed frame.
 */
export function EventVideo({ url, title }: { url: string; title: string }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { clientConfig } = useHost();
  const [playing, setPlaying] = useState(false);
  // Only a canonical embed URL of an allowed provider is framed (the server stores nothing else).
  const provider = videoProviderOf(url, clientConfig.sharePointOrigins ?? []);
  if (provider === null) return null;
  const providerName = VIDEO_PROVIDER_NAMES[provider];
  return (
    <div className={styles.box}>
      {playing ? (
        <VideoFrame src={playerUrl(url, provider)} title={say(M.frameTitle, { title, provider: providerName })} />
      ) : (
        // Named by what it shows: the event's title, then "Play from YouTube".
        <button type="button" className={styles.facade} onClick={() => setPlaying(true)} title={say(M.notLoaded)}>
          <Play48Filled aria-hidden />
          <span className={styles.title}>{title}</span>
          <span className={styles.provider}>{say(M.playFrom, { provider: providerName })}</span>
        </button>
      )}
    </div>
  );
}
