import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { LiveCountsProvider } from './LiveCounts';

/**
 * Space cards in a grid as wide as the page allows (a labelled list, one card per item); each card
 * shows who is live in its space (`LiveCountsProvider`).
 */
export function SpaceCardGrid<Item extends { sceneId: string }>({
  label,
  items,
  card,
}: {
  label: string;
  items: readonly Item[];
  card: (item: Item) => ReactNode;
}) {
  return (
    <LiveCountsProvider sceneIds={items.map((item) => item.sceneId)}>
      <Box
        component="ul"
        aria-label={label}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          justifyItems: 'center',
        }}
      >
        {items.map((item) => (
          <Box
            component="li"
            key={item.sceneId}
            sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}
          >
            {card(item)}
          </Box>
        ))}
      </Box>
    </LiveCountsProvider>
  );
}
