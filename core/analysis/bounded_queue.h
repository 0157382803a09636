#pragma once
// A fixed-capacity FIFO between one producer thread and one consumer thread. Either side may
// close() it: a closed queue refuses pushes and drains what it holds, so a failing or cancelled
// consumer unblocks the producer and vice versa.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace vigil::analysis {

template <typename T> class BoundedQueue {
public:
    explicit BoundedQueue(size_t capacity)
        : capacity_(capacity > 0 ? capacity : 1)
    {
    }

    // Blocks while full. Returns false (and drops the item) once the queue is closed.
    bool push(T item)
    {
        std::unique_lock lock(mutex_);
        notFull_.wait(lock, [&] { return isClosed_ || items_.size() < capacity_; });
        if (isClosed_)
            return false;
        items_.push_back(std::move(item));
        notEmpty_.notify_one();
        return true;
    }

    // Blocks while empty and open. std::nullopt once closed and drained.
    std::optional<T> pop()
    {
        std::unique_lock lock(mutex_);
        notEmpty_.wait(lock, [&] { return isClosed_ || !items_.empty(); });
        if (items_.empty())
            return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        notFull_.notify_one();
        return item;
    }

    void close()
    {
        std::lock_guard lock(mutex_);
        isClosed_ = true;
        notFull_.notify_all();
        notEmpty_.notify_all();
    }

private:
    const size_t capacity_;
    std::mutex mutex_;
    std::condition_variable notFull_;
    std::condition_variable notEmpty_;
    std::deque<T> items_;
    bool isClosed_ = false;
};

} // namespace vigil::analysis
