import { describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { perConnection } from './per-connection.ts';

describe('perConnection', () => {
  it('when asked twice for one connection, then the model is built once; another connection gets its own', () => {
    let builds = 0;
    const thingModel = perConnection((db) => {
      builds += 1;
      return db.model('Thing', new Schema({ name: String }));
    });
    const a = mongoose.createConnection();
    const b = mongoose.createConnection();
    expect(thingModel(a)).toBe(thingModel(a));
    expect(thingModel(b)).not.toBe(thingModel(a));
    expect(thingModel(b).db).toBe(b);
    expect(builds).toBe(2);
  });
});
