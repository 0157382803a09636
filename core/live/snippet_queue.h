#pragma once
// DropOldestQueue: the bounded queue between a live source and the networks. The source must
// never wait (a live stream does not pause), so a push into a full queue drops the OLDEST item
// and hands it back for the caller to record as a gap; memory and lag stay bounded however slow
// the consumer is. close() ends it: pop() drains what is left, then returns nullopt. One producer
// thread, one consumer thread.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace vigil::live {

template <typename T> class DropOldestQueue {
public:
    explicit DropOldestQueue(size_t capacity)
        : capacity_(capacity > 0 ? capacity : 1)
    {
    }

    // Never blocks. Returns the item dropped to make room, if any (the pushed one when closed).
    std::optional<T> push(T item)
    {
        std::optional<T> dropped;
        push(std::move(item), [&dropped](T& gone) { dropped = std::move(gone); });
        return dropped;
    }

    // Like push(), but hands the dropped item to onDrop(T&) before the lock is released: the
    // consumer cannot take the item after it before onDrop has recorded the drop (a gap row
    // must not come after the rows that follow it). onDrop must not call back into the queue.
    template <typename OnDrop> void push(T item, OnDrop&& onDrop)
    {
        std::lock_guard lock(mutex_);
        if (isClosed_) {
            onDrop(item);
            return;
        }
        if (items_.size() >= capacity_) {
            onDrop(items_.front());
            items_.pop_front();
        }
        items_.push_back(std::move(item));
        notEmpty_.notify_one();
    }

    std::optional<T> pop()
    {
        std::unique_lock lock(mutex_);
        notEmpty_.wait(lock, [&] { return isClosed_ || !items_.empty(); });
        if (items_.empty())
            return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        return item;
    }

    // Like pop(), but gives up after `timeout` (nullopt then too: see isClosed()).
    template <typename Duration> std::optional<T> popFor(Duration timeout)
    {
        std::unique_lock lock(mutex_);
        notEmpty_.wait_for(lock, timeout, [&] { return isClosed_ || !items_.empty(); });
        if (items_.empty())
            return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        return item;
    }

    bool isClosed() const
    {
        std::lock_guard lock(mutex_);
        return isClosed_ && items_.empty();
    }

    void close()
    {
        std::lock_guard lock(mutex_);
        isClosed_ = true;
        notEmpty_.notify_all();
    }

    size_t size() const
    {
        std::lock_guard lock(mutex_);
        return items_.size();
    }

private:
    const size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable notEmpty_;
    std::deque<T> items_;
    bool isClosed_ = false;
};

} // namespace vigil::live
