import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { perConnection } from '@levelup/service-kit';

/** A todos document. No operation creates one yet; GET /api/todos lists them. */
export interface TodoDoc {
  _id: Types.ObjectId;
  userId: string;
  text: string;
  dueDate: Date | null;
  isCompleted: boolean;
  completedAt: Date | null;
  createdAt: Date;
}

const todoSchema = new Schema<TodoDoc>(
  {
    userId: { type: String, required: true },
    text: { type: String, required: true },
    dueDate: { type: Date, default: null },
    isCompleted: { type: Boolean, required: true, default: false },
    completedAt: { type: Date, default: null },
  },
  { collection: 'todos', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
todoSchema.index({ userId: 1, createdAt: 1 });

export const todoModel: (db: Connection) => Model<TodoDoc> = perConnection((db) =>
  db.model<TodoDoc>('Todo', todoSchema),
);
