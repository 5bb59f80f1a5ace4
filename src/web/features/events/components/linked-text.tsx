import { Link } from '@fluentui/react-components';
import { splitWebLinks } from '../../../../shared/web-link.ts';
import { useOpenWebLink } from '../hooks/use-open-web-link.ts';

/** Plain text with its http(s) addresses as links: React elements only, so the text can never become markup. */
export function LinkedText({ text }: { text: string }) {
  const open = useOpenWebLink();
  return splitWebLinks(text).map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      // Parts keep their order while the text is shown: their index is their identity.
      <Link key={index} href={part.url} target="_blank" rel="noopener noreferrer" onClick={open && ((event) => open(event, part.url))}>
        {part.url}
      </Link>
    ),
  );
}
