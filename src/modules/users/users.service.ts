import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AuthUser } from '../../common/decorators.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import type { Role } from '../../database/schema/users.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { ListUsersQueryDto, toUserDto, UpdateProfileDto, UserDto, UsersPageDto } from './users.dto.js';
import { UsersRepository } from './users.repository.js';
import { TransactionHost } from '../../database/transaction-host.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly reviews: ReviewsRepository,
    private readonly clock: Clock,
    private readonly txHost: TransactionHost,
  ) {}

  async getProfile(userId: string): Promise<UserDto> {
    const row = await this.users.findById(userId);
    if (!row) throw new NotFoundException('User not found');
    return toUserDto(row);
  }

  async updateProfile(userId: string, dto: UpdateProfileDto): Promise<UserDto> {
    if (dto.email) {
      const other = await this.users.findByEmail(dto.email);
      if (other && other.id !== userId) throw new ConflictException('Email is already in use');
    }
    try {
      const row = await this.users.update(userId, {
        ...(dto.name !== undefined && { name: dto.name }),
        ...(dto.email !== undefined && { email: dto.email }),
        ...(dto.phone !== undefined && { phone: dto.phone }),
        ...(dto.address !== undefined && { address: dto.address }),
        ...(dto.language !== undefined && { language: dto.language }),
      });
      if (!row) throw new NotFoundException('User not found');
      return toUserDto(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException('Email is already in use');
      throw e;
    }
  }

  async listUsers(query: ListUsersQueryDto): Promise<UsersPageDto> {
    const { page, limit } = query;
    const { rows, total } = await this.users.page((page - 1) * limit, limit);
    return {
      users: rows.map(toUserDto),
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      totalUsers: total,
      totalCount: total,
    };
  }

  /** Sets another user's role; setting the role the user already has changes nothing and says so. */
  async changeRole(actor: AuthUser, id: string, role: Role): Promise<{ user: UserDto; message: string }> {
    if (id === actor.id) {
      throw new ConflictException({ message: 'You cannot change your own role', code: 'OWN_ACCOUNT' });
    }
    const target = await this.users.findById(id);
    if (!target || target.deletedAt) throw new NotFoundException('User not found');
    if (target.role === role) {
      return { user: toUserDto(target), message: role === 'admin' ? 'User is already an admin' : 'User already has the user role' };
    }
    const row = await this.users.setRole(id, role);
    if (!row) throw new NotFoundException('User not found');
    return { user: toUserDto(row), message: role === 'admin' ? 'User Promoted Successfully' : 'User role changed to user' };
  }

  /**
   * Deletes an account without erasing the payment ledger: the user row is anonymised (name, email, phone,
   * address scrubbed, no password, sessions ended) and kept, so their rentals and payments stay in the admin
   * reports (the database refuses to delete a user who has any). Their reviews, votes and favourites go.
   * Refused while the user has rentals not returned. The helpful counts of other users' reviews this user
   * voted on are recomputed in the same transaction, so they never count a vanished vote.
   */
  async deleteUser(actor: AuthUser, id: string): Promise<void> {
    if (id === actor.id) {
      throw new ConflictException({ message: 'You cannot delete your own account', code: 'OWN_ACCOUNT' });
    }
    await this.txHost.run(async () => {
      const target = await this.users.lockById(id);
      if (!target || target.deletedAt) throw new NotFoundException('User not found');
      const blocked = await this.users.deletionBlockedBecause(id);
      if (blocked) throw new ConflictException(blocked);
      const voted = await this.reviews.reviewIdsVotedBy(id);
      await this.reviews.deleteByUser(id);
      await this.users.anonymise(id, this.clock.now());
      await this.reviews.recomputeHelpful(voted);
    });
  }
}
