import { Router } from '@koa/router';
import type { Model } from 'mongoose';
import type { TalentNodeDoc } from './models.ts';

export function toTalentNode(doc: TalentNodeDoc) {
  return {
    id: doc._id.toString(),
    nodeKey: doc.nodeKey,
    path: doc.path,
    tier: doc.tier,
    title: doc.title,
    description: doc.description,
    icon: doc.icon,
    effects: doc.effects,
    completionsRequired: doc.completionsRequired,
    prerequisites: doc.prerequisites,
    isBranch: doc.isBranch,
    isKeystone: doc.isKeystone,
    position: doc.position,
    unlockMessage: doc.unlockMessage,
  };
}

export function talentTreeRouter(deps: { TalentNode: Model<TalentNodeDoc> }): Router {
  const router = new Router();
  // The node list, by path then tier (empty until the tree is seeded).
  router.get('/api/talent-tree', async (ctx) => {
    const nodes = await deps.TalentNode.find({})
      .sort({ path: 1, tier: 1, nodeKey: 1 })
      .lean<TalentNodeDoc[]>();
    ctx.body = nodes.map(toTalentNode);
  });
  return router;
}
