import { Router } from '@koa/router';
import type { Model } from 'mongoose';
import { userIdOf } from '@levelup/service-kit';
import type { GoalDoc } from './models.ts';

/** A goal as the planner reads it (goals-progression-community.md section 3, Goal). */
export function toGoal(doc: GoalDoc) {
  return {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description,
    theme: doc.theme,
    targetXp: doc.targetXp,
    currentXp: doc.currentXp,
    cadence: doc.cadence,
    status: doc.status,
    icon: doc.icon,
    color: doc.color,
    isActive: doc.isActive,
    createdAt: new Date(doc.createdAt).toISOString(),
    completedAt: doc.completedAt ? new Date(doc.completedAt).toISOString() : null,
  };
}

export function goalsRouter(deps: { Goal: Model<GoalDoc> }): Router {
  const router = new Router();
  // The signed-in user's goals, oldest first; a new user has none.
  router.get('/api/goals', async (ctx) => {
    const goals = await deps.Goal.find({ userId: userIdOf(ctx) })
      .sort({ createdAt: 1, _id: 1 })
      .lean<GoalDoc[]>();
    ctx.body = goals.map(toGoal);
  });
  return router;
}
