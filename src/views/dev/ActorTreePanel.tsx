import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useAppActor } from '../../app/AppContext';
import { type ActorNode, actorTreeOf } from '../../lib/actorTree';

/** How often the panel reads the system again (an actor's children change without telling the root). */
const refreshMs = 250;

/**
 * The app's actor system as a tree (development builds, `?inspect`): every running actor, its
 * system id, its machine and its state. Stately's inspector opens beside it when it can be reached;
 * this panel works offline.
 */
export default function ActorTreePanel() {
  const root = useAppActor();
  const [tree, setTree] = useState<ActorNode>(() => actorTreeOf(root));
  useEffect(() => {
    const timer = setInterval(() => setTree(actorTreeOf(root)), refreshMs);
    return () => clearInterval(timer);
  }, [root]);
  return (
    <Box
      component="aside"
      aria-label="Actor system"
      sx={{
        position: 'fixed',
        right: 8,
        bottom: 8,
        zIndex: 2000,
        maxHeight: '60vh',
        overflow: 'auto',
        p: 1.5,
        bgcolor: 'rgba(18, 18, 18, 0.92)',
        color: 'common.white',
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: 12,
        minWidth: 280,
      }}
    >
      <Typography component="h2" sx={{ fontSize: 13, fontWeight: 700, mb: 0.5 }}>
        Actor system
      </Typography>
      <Tree node={tree} />
    </Box>
  );
}

function Tree({ node }: { node: ActorNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: 1.5 }}>
      <li>
        <span>{node.systemId ? `${node.systemId}` : node.id}</span>
        <Box component="span" sx={{ color: 'grey.400' }}>{` ${node.logic} `}</Box>
        <Box component="span" sx={{ color: '#9ecbff' }}>
          {node.state}
        </Box>
        {node.children.map((child) => (
          <Tree key={child.id} node={child} />
        ))}
      </li>
    </Box>
  );
}
